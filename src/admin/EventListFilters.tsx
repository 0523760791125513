import { Link } from '@payloadcms/ui'
import type { Payload, TypedUser } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { CATEGORIES, EVENTS, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import { EventQuickFilters } from './EventQuickFilters.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { POST_STATUSES, STATUS_LABELS } from '../../lib/postStatus.js'

/** How many categories, venues, organizers and tags the dropdowns list; Payload's own filter builder searches beyond. */
const CHOICES = 500

/**
 * Above the events list: date range, status, category, venue, organizer and tag filters. The choices are read with
 * the signed-in user's access; applying them changes the list's own query (and so its URL).
 */
export async function EventListFilters({ payload, user }: { payload: Payload; user?: TypedUser | null }) {
  const common = { limit: CHOICES, depth: 0, overrideAccess: false, user: user ?? undefined, pagination: false } as const
  const [categories, venues, organizers, tags, zones] = await Promise.all([
    payload.find({ ...common, collection: CATEGORIES, sort: 'name', select: { name: true } }),
    payload.find({ ...common, collection: VENUES, sort: 'title', select: { title: true } }),
    payload.find({ ...common, collection: ORGANIZERS, sort: 'title', select: { title: true } }),
    payload.find({ ...common, collection: TAGS, sort: 'name', select: { name: true } }),
    // Every zone events are stored with (trashed ones too: the trash view has the same filters).
    payload.findDistinct({ collection: EVENTS, field: 'timezone', trash: true, overrideAccess: false, user: user ?? undefined }),
  ])
  const agenda = formatAdminURL({ adminRoute: payload.config.routes.admin, path: '/agenda' })
  return (
    <>
      {/* This list has a row per document: a repeating event is one row. The agenda lists its occurrences. */}
      <p className="event-filters__agenda">
        A repeating event is one row here. <Link href={agenda} prefetch={false}>The agenda</Link> lists each occurrence at its own dates.
      </p>
      <EventQuickFilters
        siteTimezone={siteTimezoneOf(payload.config)}
        zones={zones.values.map((row) => row.timezone).filter((zone): zone is string => typeof zone === 'string')}
        statuses={POST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        categories={categories.docs.map((doc) => ({ value: String(doc.id), label: String(doc.name ?? doc.id) }))}
        venues={venues.docs.map((doc) => ({ value: String(doc.id), label: String(doc.title ?? doc.id) }))}
        organizers={organizers.docs.map((doc) => ({ value: String(doc.id), label: String(doc.title ?? doc.id) }))}
        tags={tags.docs.map((doc) => ({ value: String(doc.id), label: String(doc.name ?? doc.id) }))}
      />
    </>
  )
}
