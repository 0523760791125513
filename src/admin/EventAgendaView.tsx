import { Gutter, Link } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { CalendarViewTemplate } from './CalendarViewTemplate.js'
import { EVENTS } from '../../collections/slugs.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { statusLabel } from '../../lib/postStatus.js'
import { AGENDA_MAX_PAGES, AGENDA_PAGE_SIZE, agendaPage } from './agendaPage.js'
import { entryRepeat } from './entryRepeat.js'
import { OccurrenceEntry } from './OccurrenceEntry.js'
import { readCalendarEvents } from './readCalendarEvents.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { wallClockRange } from './wallClockRange.js'
import './calendarAdmin.css'

/**
 * /admin/agenda: events in start order from a chosen day, one row per occurrence of a repeating event
 * (the Events list has one row per series), each at its own dates in its own zone. An occurrence opens
 * the dialog that changes it, it and the following ones, or all (OccurrenceEntry); other events link
 * to their edit page. Read with the signed-in user's access, as the calendar is.
 */
export async function EventAgendaView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions } = initPageResult
  const { payload, user } = req
  const adminRoute = payload.config.routes.admin
  const siteZone = siteTimezoneOf(payload.config)
  const at = agendaPage(searchParams, siteZone)
  const found = await readCalendarEvents(payload, user, { from: at.fromInstant, series: at.series }, at.read)
  // One series' occurrences: named as the caller may read it (nothing is listed of one they may not).
  const series = at.series
    ? (await payload.find({ collection: EVENTS, where: { id: { equals: at.series } }, limit: 1, depth: 0, overrideAccess: false, user, select: { title: true } })).docs[0]
    : undefined
  const rows = found.docs.slice((at.page - 1) * AGENDA_PAGE_SIZE)
  const pages = Math.min(Math.max(1, Math.ceil(found.totalDocs / AGENDA_PAGE_SIZE)), AGENDA_MAX_PAGES)
  const url = (path: string) => formatAdminURL({ adminRoute, path: path as `/${string}` })
  const seriesQuery = at.series ? `&series=${at.series}` : ''
  const pageUrl = (page: number) => url(`/agenda?from=${at.from}${seriesQuery}&page=${page}`)
  const canCreate = Boolean(permissions?.collections?.[EVENTS]?.create)
  const canEdit = Boolean(permissions?.collections?.[EVENTS]?.update)
  const namespace = `${pluginOptionsOf(payload.config).restPrefix}/${NAMESPACE}`

  return (
    <CalendarViewTemplate initPageResult={initPageResult} params={params} searchParams={searchParams}>
      <Gutter className="event-calendar event-agenda">
        <header className="event-calendar__header">
          <h1>{series ? `Agenda: ${series.title || `(untitled #${series.id})`}` : 'Agenda'}</h1>
          <nav className="event-calendar__nav" aria-label="Agenda">
            {/* A plain GET form: the day picked reloads the view from it. */}
            <form method="get" action={url('/agenda')} className="event-agenda__from">
              <label>
                From <input type="date" name="from" defaultValue={at.from} required />
              </label>
              {at.series && <input type="hidden" name="series" value={at.series} />}
              <button type="submit">Show</button>
            </form>
            <Link href={url(`/agenda${at.series ? `?series=${at.series}` : ''}`)} prefetch={false}>Today</Link>
            {at.series && (
              <Link href={url('/agenda')} prefetch={false}>
                Every event
              </Link>
            )}
            {canCreate && (
              <Link className="event-calendar__new" href={url(`/collections/${EVENTS}/create`)} prefetch={false}>
                New event
              </Link>
            )}
          </nav>
        </header>
        <p className="event-calendar__meta" data-testid="agenda-meta">
          {found.totalDocs} {series ? 'occurrence' : 'event'}{found.totalDocs === 1 ? '' : 's'} from {at.from} · each occurrence of a repeating event on its own row · days
          and times in each event&rsquo;s own time zone (site: {siteZone})
        </p>
        {rows.length === 0 ? (
          <p className="upcoming-events__empty">No events from this day on.</p>
        ) : (
          <table className="event-agenda__table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => {
                const when = wallClockRange(event.startDate, event.endDate, event.timezone, siteZone, event.allDay === true)
                const repeat = entryRepeat(event, siteZone)
                const title = event.title || `(untitled #${event.id})`
                const status = event.status ?? 'publish'
                return (
                  <tr key={event.repeat?.provisionalId ?? event.id}>
                    <td className="event-agenda__when">
                      {when?.text} <span className="upcoming-events__zone">({when?.zoneLabel})</span>
                    </td>
                    <td className="event-agenda__title">
                      {repeat ? (
                        <OccurrenceEntry
                          hover={`${title} — ${repeat.when}`}
                          title={title}
                          allDay={repeat.allDay}
                          repeat={repeat}
                          namespace={namespace}
                          seriesHref={url(`/collections/${EVENTS}/${repeat.seriesId}`)}
                          ownHref={repeat.changed ? url(`/collections/${EVENTS}/${event.id}`) : undefined}
                          canEdit={canEdit}
                        >
                          {title}
                          <span className="event-calendar__repeat">{repeat.changed ? ' ↻ changed' : ' ↻'}</span>
                        </OccurrenceEntry>
                      ) : (
                        <Link href={url(`/collections/${EVENTS}/${event.id}`)} prefetch={false}>
                          {title}
                        </Link>
                      )}
                    </td>
                    <td className="event-agenda__status">
                      {status !== 'publish' && <span className="event-calendar__status">{statusLabel(status)}</span>}
                      {event.hasPassword && <span className="event-calendar__status event-calendar__status--protected">Password-protected</span>}
                      {repeat && <span className="event-calendar__status event-calendar__status--repeat">{repeat.changed ? 'Changed occurrence' : 'Repeats'}</span>}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        <nav className="event-calendar__nav event-agenda__pages" aria-label="Pages">
          {at.page > 1 && (
            <Link href={pageUrl(at.page - 1)} prefetch={false}>
              ‹ Earlier
            </Link>
          )}
          <span>
            Page {at.page} of {pages}
          </span>
          {at.page < pages && (
            <Link href={pageUrl(at.page + 1)} prefetch={false}>
              Later ›
            </Link>
          )}
        </nav>
        {found.totalDocs > AGENDA_MAX_PAGES * AGENDA_PAGE_SIZE && at.page === AGENDA_MAX_PAGES && (
          <p className="event-calendar__meta">To see further, pick a later day.</p>
        )}
      </Gutter>
    </CalendarViewTemplate>
  )
}
