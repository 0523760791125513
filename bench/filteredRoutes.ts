import { type Dataset, WORDS } from './seedDataset.js'

/** A route of the namespace under test: its label in tables, and its path below /wp-json/calendar/events/v1. */
export type Route = [label: string, path: string]

/** The namespace's date format (the reference's `Y-m-d H:i:s`), in UTC. */
export const wallClock = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

/** The query of events starting at or after `from` and ending within 30 days of it. */
export const dateWindow = (from: Date) =>
  `start_date=${encodeURIComponent(wallClock(from))}&end_date=${encodeURIComponent(wallClock(new Date(from.getTime() + 30 * 86_400_000)))}`

/**
 * The filtered lists of the filtered-list budget (terms, venue, organizer, search, a 30-day window and
 * all of them at once), each on a value the seeded dataset uses, at the page size cap (50) as a listing
 * page asks for it. The combination matches one seeded event at least (dataset.sample), so it is not an
 * empty answer found early.
 */
export function filteredRoutes(dataset: Dataset, from: Date): Route[] {
  const sample = dataset.sample
  const [category, tag, venue, organizer, word] = [dataset.categorySlugs[0], dataset.tagSlugs[0], dataset.venueIds[0], dataset.organizerIds[0], WORDS[0]]
  return [
    ['GET /events?categories=<slug>', `/events?categories=${category}&per_page=50`],
    ['GET /events?tags=<slug>', `/events?tags=${tag}&per_page=50`],
    ['GET /events?venue=<id>', `/events?venue=${venue}&per_page=50`],
    ['GET /events?organizer=<id>', `/events?organizer=${organizer}&per_page=50`],
    [`GET /events?search=<word>`, `/events?search=${word}&per_page=50`],
    ['GET /events?start_date=…&end_date=… (30 days)', `/events?${dateWindow(from)}&per_page=50`],
    ['GET /events?categories&venue&30 days&search', `/events?categories=${sample.categorySlug}&venue=${sample.venueId}&${dateWindow(new Date(Date.parse(sample.startDate) - 86_400_000))}&search=${sample.word}&per_page=50`],
  ]
}
