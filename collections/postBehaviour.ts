import type { CollectionConfig } from 'payload'
import { changePosts, createPosts, readPosts } from './access/postAccess.js'
import { assignAuthor } from './hooks/assignAuthor.js'
import { assignId } from './hooks/assignId.js'
import { defaultStatusForCaller } from './hooks/defaultStatusForCaller.js'
import { duplicateAsDraft } from './hooks/duplicateAsDraft.js'
import { recordPublication } from './hooks/recordPublication.js'
import { renderDescriptionHtml } from './hooks/renderDescriptionHtml.js'
import { scaleBackStatus } from './hooks/scaleBackStatus.js'

/** Who may do what with a post (event, venue, organizer): WordPress's post capabilities by role. */
export const POST_ACCESS = { read: readPosts, create: createPosts, update: changePosts, delete: changePosts }

/**
 * What every post does on write: an ID from the post sequence, the caller's default status and author,
 * duplicates as drafts, the status scale-back, the publication date, the stored description HTML (its
 * images on `siteUrl`). `extra` adds a collection's own hooks after these.
 */
export function postHooks(siteUrl: string, extra: NonNullable<CollectionConfig['hooks']> = {}): NonNullable<CollectionConfig['hooks']> {
  return {
    ...extra,
    beforeOperation: [assignId('post'), defaultStatusForCaller, duplicateAsDraft, ...(extra.beforeOperation ?? [])],
    beforeChange: [assignAuthor, scaleBackStatus, recordPublication, renderDescriptionHtml(siteUrl), ...(extra.beforeChange ?? [])],
  }
}
