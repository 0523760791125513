// The namespace's data access, one entry point: lookups of a post past access control (locatePost:
// one query with its owner and status, reused for the rest of the request; what validation and the
// permission checks need), and reads through access control as the caller (readVisible, the loaders).
export { findSlugId } from './findSlugId.js'
export { ancestorsOf, loadAncestors } from './loadAncestors.js'
export { loadRelated } from './loadRelated.js'
export { locateEvent, type LocatedEvent } from './locateEvent.js'
export { locatePost, type LocatedEventPost, type LocatedPost } from './locatePost.js'
export { readOneVisible, readVisible } from './readVisible.js'
