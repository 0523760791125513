import type { ChangeAction } from '../Changes.js'
import { publicPost, type PostVisibility } from './publicPost.js'

/** What a post's write was, for the change feed: its action and the public's view before and after. */
export interface PostChange {
  action: ChangeAction
  publicBefore: boolean
  publicAfter: boolean
}

/**
 * A post created, changed or deleted for good (`doc` undefined). Moving to the trash (Payload's trash
 * sets deletedAt) is 'deleted'; restoring from it is 'created' (readers who dropped it read it again).
 */
export function postChange(previous: PostVisibility | undefined, doc: PostVisibility | undefined): PostChange {
  const publicBefore = publicPost(previous)
  const publicAfter = publicPost(doc)
  if (!doc) return { action: 'deleted', publicBefore, publicAfter: false }
  if (!previous) return { action: 'created', publicBefore: false, publicAfter }
  const action: ChangeAction = doc.deletedAt && !previous.deletedAt ? 'deleted' : !doc.deletedAt && previous.deletedAt ? 'created' : 'updated'
  return { action, publicBefore, publicAfter }
}
