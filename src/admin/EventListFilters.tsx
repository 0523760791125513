import type { Payload, TypedUser } from 'payload'
import { POST_STATUSES } from '../../collections/roles.js'
import { CATEGORIES, VENUES } from '../../collections/slugs.js'
import { EventQuickFilters } from './EventQuickFilters.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { STATUS_LABELS } from './statusLabels.js'

/** How many categories and venues the dropdowns list; Payload's own filter builder searches beyond. */
const CHOICES = 500

/**
 * Above the events list: date range, status, category and venue filters. The choices are read with
 * the signed-in user's access; applying them changes the list's own query (and so its URL).
 */
export async function EventListFilters({ payload, user }: { payload: Payload; user?: TypedUser | null }) {
  const common = { limit: CHOICES, depth: 0, overrideAccess: false, user: user ?? undefined, pagination: false } as const
  const [categories, venues] = await Promise.all([
    payload.find({ ...common, collection: CATEGORIES, sort: 'name', select: { name: true } }),
    payload.find({ ...common, collection: VENUES, sort: 'title', select: { title: true } }),
  ])
  return (
    <EventQuickFilters
      siteTimezone={siteTimezoneOf(payload.config)}
      statuses={POST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
      categories={categories.docs.map((doc) => ({ value: String(doc.id), label: String(doc.name ?? doc.id) }))}
      venues={venues.docs.map((doc) => ({ value: String(doc.id), label: String(doc.title ?? doc.id) }))}
    />
  )
}
