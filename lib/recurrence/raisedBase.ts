/** How close real IDs may come to the base before it moves up (Events Calendar Pro's margin). */
const MARGIN = 50_000

/**
 * The base of provisional IDs: the configured one, raised by itself in steps of it while the highest
 * post ID comes within 50,000 of it (as Events Calendar Pro raises its own), so a provisional ID never
 * names a real post. Pure: the namespace (endpoints/data/provisionalIds.ts) and the change records of
 * occurrences (collections/changes/) compute it alike.
 */
export function raisedBase(configured: number, highestPostId: number): number {
  let base = configured
  while (highestPostId + MARGIN >= base) base += configured
  return base
}
