import { Link } from '@payloadcms/ui'
import type { Payload, SanitizedPermissions, TypedUser } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { EVENTS } from '../../collections/slugs.js'
import type { CalendarEvent } from './monthGrid.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { statusLabel } from './statusLabels.js'
import { wallClockRange } from './wallClockRange.js'
import './calendarAdmin.css'

const HOW_MANY = 8

/**
 * Top of the dashboard: the next events (running or upcoming) the signed-in user may see, each in its
 * own time zone, with links to the calendar and, for those who may create events, to a new event.
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
  const { docs } = await payload.find({
    collection: EVENTS,
    where: { endDate: { greater_than_equal: new Date().toISOString() } },
    sort: 'startDate',
    limit: HOW_MANY,
    depth: 0,
    overrideAccess: false,
    user: user ?? undefined,
    select: { title: true, startDate: true, endDate: true, timezone: true, allDay: true, status: true },
  })
  const events = docs as CalendarEvent[]

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
              <li key={event.id}>
                <span className="upcoming-events__when">
                  {when?.text} <span className="upcoming-events__zone">({when?.zoneLabel})</span>
                </span>
                <Link href={url(`/collections/${EVENTS}/${event.id}`)} prefetch={false}>
                  {event.title || `(untitled #${event.id})`}
                </Link>
                {event.status && event.status !== 'publish' && <span className="event-calendar__status">{statusLabel(event.status)}</span>}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
