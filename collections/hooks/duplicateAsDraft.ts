import { Forbidden, type CollectionBeforeOperationHook } from 'payload'
import { canChangePost } from '../access/postAccess.js'

/**
 * beforeOperation (create with `duplicateFromID`: the admin's Duplicate, POST /api/<posts>/<id>/duplicate,
 * GraphQL's duplicate mutation): the copy of a post is a draft, whatever the original's status or the
 * request says, so nothing is published before someone looks at it. A password-protected original is
 * copied only by those who may change it (others cannot read its protected fields, so they must not
 * get them in a copy of their own). The password hash and the fresh slug are the fields' own business
 * (secretFields, slugField).
 */
/**
 * A request context key set by the server itself (never by a client) when it copies a series into a
 * changed occurrence or a split series: the copy keeps the series' status (scaled back for callers who
 * may not publish, like any create).
 */
export const CHANGED_OCCURRENCE = 'changedOccurrence'

export const duplicateAsDraft: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  const from = (args as { duplicateFromID?: number | string }).duplicateFromID
  if (operation !== 'create' || from === undefined || from === null) return args
  if (!args.overrideAccess) {
    const original = await req.payload.findByID({ collection: collection.slug, id: from, depth: 0, overrideAccess: true, trash: true, disableErrors: true, req })
    if (original && 'hasPassword' in original && original.hasPassword && !canChangePost(req.user, original)) throw new Forbidden(req.t)
  }
  if (req.context?.[CHANGED_OCCURRENCE] === true) return args
  // Built apart from the assignment: the hook's data is typed for any collection, without fields.
  const draft = { ...(args.data ?? {}), status: 'draft' }
  args.data = draft
  return args
}
