// The namespace's permission checks, one entry point: capabilities of the caller and the change of
// one post, derived from the rules collections/access gives Payload (capabilities.ts, postAccess.ts).
export { canChangePost, canReadPost, canUseUnfilteredHtml } from '../../collections/access/postAccess.js'
export { mayCreatePost, mayEditOthersPosts, mayEditPosts, mayNameAuthor, mayWriteTerms } from './capabilities.js'
export { mayChangePost } from './mayChangePost.js'
