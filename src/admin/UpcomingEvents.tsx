import { Link } from '@payloadcms/ui'
import type { Payload, SanitizedPermissions, TypedUser } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { EVENTS } from '../../collections/slugs.js'
import { readCalendarEvents } from './readCalendarEvents.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { statusLabel } from '../../lib/postStatus.js'
import { wallClockKey, wallClockRange } from './wallClockRange.js'
import './calendarAdmin.css'

const HOW_MANY = 8
/** The widest gap between two zones' wall clocks (UTC−12 to UTC+14). */
const ZONE_SPREAD_MS = 26 * 3_600_000
/** Candidates read for the wall-clock order; far more than any real day across zones holds. */
const CANDIDATES = 200

/**
 * Top of the dashboard: the next events (running or upcoming) the signed-in user may see, each in its
 * own time zone, with links to the calendar and, for those who may create events, to a new event.
 * Listed in the order their labels read, by wall-clock start in each event's own zone (a 21:30 in
 * Tokyo after a 19:00 in Paris on the same date, though it happens first). The first HOW_MANY by
 * instant bound that set: an event starting more than a zone spread after the last of them starts
 * later on every wall clock, so the candidates are those starting before it.
 */
export async function UpcomingEvents({
  payload,
  permissions,
  user,
}: {
  payload: Payload
  permissions?: SanitizedPermissions
  user?: TypedUser | null
}) {
  const adminRoute = payload.config.routes.admin
  const siteZone = siteTimezoneOf(payload.config)
  const url = (path: string) => formatAdminURL({ adminRoute, path: path as `/${string}` })
  // Each occurrence of a repeating event is listed at its own dates (readCalendarEvents).
  const from = new Date().toISOString()
  const read = async (to: string | undefined, limit: number) => (await readCalendarEvents(payload, user, { from, to }, limit)).docs
  const first = await read(undefined, HOW_MANY)
  const last = first.length === HOW_MANY ? Date.parse(first[HOW_MANY - 1]!.startDate ?? '') : NaN
  const candidates = Number.isFinite(last) ? await read(new Date(last + ZONE_SPREAD_MS).toISOString(), CANDIDATES) : first
  const keyed = candidates.map((event) => ({ event, key: wallClockKey(event.startDate, event.timezone, siteZone) }))
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const events = keyed.slice(0, HOW_MANY).map(({ event }) => event)

  return (
    <section className="upcoming-events" aria-labelledby="upcoming-events-title">
      <header className="upcoming-events__header">
        <h2 id="upcoming-events-title">Coming up</h2>
        <Link href={url('/calendar')} prefetch={false}>
          Open the calendar
        </Link>
        {permissions?.collections?.[EVENTS]?.create ? (
          <Link href={url(`/collections/${EVENTS}/create`)} prefetch={false}>
            New event
          </Link>
        ) : null}
      </header>
      {events.length === 0 ? (
        <p className="upcoming-events__empty">No upcoming events.</p>
      ) : (
        <ul className="upcoming-events__list">
          {events.map((event) => {
            const when = wallClockRange(event.startDate, event.endDate, event.timezone, siteZone, event.allDay === true)
            return (
              <li key={event.repeat?.provisionalId ?? event.id}>
                <span className="upcoming-events__when">
                  {when?.text} <span className="upcoming-events__zone">({when?.zoneLabel})</span>
                </span>
                {/* An occurrence opens its series (a changed one, its own event): the calendar changes one occurrence. */}
                <Link href={url(`/collections/${EVENTS}/${event.repeat && !event.repeat.changed ? event.repeat.seriesId : event.id}`)} prefetch={false}>
                  {event.title || `(untitled #${event.id})`}
                </Link>
                <span className="upcoming-events__marks">
                  {event.status && event.status !== 'publish' && <span className="event-calendar__status">{statusLabel(event.status)}</span>}
                  {event.hasPassword && <span className="event-calendar__status event-calendar__status--protected">Password-protected</span>}
                  {event.repeat && <span className="event-calendar__status event-calendar__status--repeat">{event.repeat.changed ? 'Changed occurrence' : 'Repeats'}</span>}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
