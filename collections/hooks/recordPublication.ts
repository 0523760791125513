import type { CollectionBeforeChangeHook } from 'payload'
import { UNPUBLISHED_STATUSES } from '../access/postAccess.js'

const floating = (status: unknown) => (UNPUBLISHED_STATUSES as readonly unknown[]).includes(status)
const time = (value: unknown) => (value ? new Date(value as string).getTime() : NaN)

/**
 * beforeChange: the publication date (`publishedAt`, the namespace's `date`) is set when a post is
 * first saved with a status other than draft or pending, unless one was given, as WordPress dates a
 * post when it is published; from then on the post keeps a post name and a GMT date, even moved back
 * to draft (wp_insert_post). A date changed through `/api`, GraphQL or the admin counts as given, as
 * WordPress's Publish box does; the namespace and the importers set `dateGiven` themselves (a TEC
 * `date` without `date_utc` leaves a draft's GMT date empty).
 */
export const recordPublication: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  // A copy's originalDoc is the post it copies (duplicateAsDraft): only an update continues a post.
  if (!floating(data.status) || (operation === 'update' && originalDoc && !floating(originalDoc.status))) {
    // A post published as it is created is dated at its creation time, to the millisecond.
    const now = operation === 'create' ? (data.createdAt ??= new Date().toISOString()) : new Date().toISOString()
    data.publishedAt ??= originalDoc?.publishedAt ?? now
    data.slugGiven = true
    data.dateGiven = true
  } else if (req.payloadAPI !== 'local' && data.publishedAt && time(data.publishedAt) !== time(originalDoc?.publishedAt)) {
    data.dateGiven = true
  }
  return data
}
