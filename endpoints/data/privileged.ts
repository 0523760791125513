/**
 * Every Local API call of endpoints/ made past access control (`overrideAccess: true`), and why. Each
 * site spreads `pastAccess('<site>')` instead of writing the flag, so this list is the whole of them
 * (test/unit/privilegedSites.spec.ts keeps it so). Nothing read here is answered to the caller as it is.
 */
const WHY = {
  /** data/locatePost.ts */
  locatePost: 'validation decides existence (404, 400) before visibility (403), as the reference does; owner and status only',
  /** data/userExists.ts */
  userExists: "`author` names an existing user (TEC's is_user_id), whom the caller may not be allowed to read",
  /** data/eventLinks.ts */
  eventLinks: 'the `event` filter of /venues and /organizers: the event was validated as visible; its links are then read with the caller\'s access',
  /** data/linkedIdsOfEvents.ts */
  linkedIdsOfEvents: 'has_events counts every event but drafts and pending ones, whoever asks (the reference\'s has_events); only IDs come back',
  /** data/withDescendants.ts */
  withDescendants: 'terms are public; the events filter the descendants feed applies its own access',
  /** data/termUniqueness.ts */
  existingTermWithName: "a term's name must be unique under its parent whoever can see the other term (wp_insert_term)",
  /** data/termUniqueness.ts */
  refuseDuplicateSlug: "a term's slug must be unique in its taxonomy whoever can see the other term (wp_update_term)",
  /** data/provisionalIds.ts */
  seriesExist: 'whether any occurrence is stored at all; nothing of it is answered',
  /** data/occurrences.ts */
  occurrenceRows: 'occurrences are read only for series the caller was already allowed to see (their access is the series\'s)',
  /** data/writes.ts */
  occurrenceWrites: "an occurrence's state is the series' to change: the caller was checked against the series (its event) first",
  /** data/removeCreated.ts */
  createdDocs: "a failed event write removes what it made: the caller's own documents, just made",
  /** data/findFeedEvents.ts */
  seriesInWindow: "occurrences are editors' rows; a feed needs which series have one in its window, and reads those series with the caller's access",
  /** data/findFeedEvents.ts */
  feedIncludedOccurrences: "a feed's `include=` names occurrences by provisional ID: their rows are read for their series and dates, and the series with the caller's access",
  /** data/findChanges.ts */
  changeFeed: "the change feed's rows are administrators' through /api; the feed answers each caller what it may learn of them (serializeChange: the public's view unless the caller reads every post)",
  /** data/findFeedSeries.ts */
  feedSeriesRemoved: "a feed's series leaves out its cancelled occurrences (EXDATE): their original starts only, of series the caller was let see",
} as const

export type PrivilegedSite = keyof typeof WHY

/** The Local API option of a read or write past access control, for one of the listed sites. */
export function pastAccess(site: PrivilegedSite): { overrideAccess: true } {
  void WHY[site]
  return { overrideAccess: true }
}
