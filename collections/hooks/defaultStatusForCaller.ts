import type { CollectionBeforeOperationHook } from 'payload'
import { canPublishPosts } from '../access/postAccess.js'

/**
 * beforeOperation (create): a post created without a status by someone who may not publish starts as
 * a draft (reference 6.5), not as the field's default `publish` that scaleBackStatus would turn into
 * `pending`. Runs before Payload fills in defaults. Local API calls without a user are the operator's.
 */
export const defaultStatusForCaller: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' || !req.user || canPublishPosts(req.user)) return args
  const data = (args.data ?? {}) as Record<string, unknown>
  if (data.status === undefined || data.status === null || data.status === '') {
    // Built apart from the assignment: the hook's data is typed for any collection, without fields.
    const draft = { ...data, status: 'draft' }
    args.data = draft
  }
  return args
}
