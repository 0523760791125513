// The namespace's data access, one entry point: lookups of a post past access control (locatePost:
// one query with its owner and status, reused for the rest of the request; what validation and the
// permission checks need), reads through access control as the caller (readVisible), and the load
// stage of each resource: everything an answer needs, in a fixed number of queries, for serializers
// that never query. The caches of stored data are entered here (the document cache, kept
// serializations and the feeds' VEVENTs, located posts); the response cache only by the send step
// routers call (cache/answerCache.ts).
export { findEventById } from './findEventById.js'
export { findEventPage } from './findEventPage.js'
export { findFeedEvents } from './findFeedEvents.js'
export { findFeedSeries, type FeedSeriesParts } from './findFeedSeries.js'
export { findSlugId } from './findSlugId.js'
export { ancestorsOf, loadAncestors } from './loadAncestors.js'
export { keepEventObject, keepEventObjects, keptEventObjects, loadEvent, loadEventList, loadWrittenEvent, type EventListLoad, type EventLoad, type Unlock } from './loadEvents.js'
export { keptTexts, type KeptTexts } from './keptTexts.js'
export { loadRelated } from './loadRelated.js'
export { locateEvent, type LocatedEvent } from './locateEvent.js'
export { locatePost, type LocatedEventPost, type LocatedPost } from './locatePost.js'
export { readOneVisible, readVisible } from './readVisible.js'
export { loadLinked, loadLinkedPage, loadLinkedPost, type LinkedListLoad } from './loadLinked.js'
export { loadTerms, type TermListLoad } from './loadTerms.js'
export { eventLinks, type EventLinks } from './eventLinks.js'
export { findTermPage, type TermPage } from './findTermPage.js'
export { linkedIdsOfEvents } from './linkedIdsOfEvents.js'
export { nearbyVenueIds } from './nearbyVenueIds.js'
export { pageByPostDate } from './pageByPostDate.js'
export { pastAccess, type PrivilegedSite } from './privileged.js'
export { termsNamed } from './termsNamed.js'
export { userExists } from './userExists.js'
export { withDescendants } from './withDescendants.js'
export { findDuplicate } from './findDuplicate.js'
export { createMedia, mediaWithFile, setMediaAlt } from './media.js'
export { removeCreated } from './removeCreated.js'
export { createNamedTerm, deleteTermAsCaller, termRows, type TermRow } from './termRows.js'
export { slugTaken, termsWithNameLike } from './termUniqueness.js'
export { trashPost } from './trashPost.js'
export { createEvent, createLinked, createTerm, updateEvent, updateLinked, updateTerm } from './writes.js'
