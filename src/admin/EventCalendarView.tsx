import { Gutter, Link } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { CalendarViewTemplate } from './CalendarViewTemplate.js'
import { EVENTS } from '../../collections/slugs.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { type CalendarEntry, monthGrid, monthStart } from './monthGrid.js'
import { OccurrenceEntry } from './OccurrenceEntry.js'
import { readCalendarEvents } from './readCalendarEvents.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import './calendarAdmin.css'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
/** Enough for any real month; beyond it the view says how many it left out. */
const MAX_EVENTS = 1000

/**
 * /admin/calendar: a month of events, each linking to its edit page; a repeating event shows each
 * occurrence on its own day, opening a dialog (OccurrenceEntry) that changes it, it and the following
 * ones, or all of them. Read with the signed-in user's access (a contributor sees published events and
 * their own), trashed events left out.
 */
export async function EventCalendarView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions } = initPageResult
  const { payload, user } = req
  const adminRoute = payload.config.routes.admin
  const siteZone = siteTimezoneOf(payload.config)
  const first = monthStart(searchParams?.month, siteZone)
  const empty = monthGrid(first, siteZone, [])

  const found = await readCalendarEvents(payload, user, { from: empty.fetchFrom, to: empty.fetchTo }, MAX_EVENTS)
  const grid = monthGrid(first, siteZone, found.docs)
  const url = (path: string) => formatAdminURL({ adminRoute, path: path as `/${string}` })
  const canCreate = Boolean(permissions?.collections?.[EVENTS]?.create)
  const canEdit = Boolean(permissions?.collections?.[EVENTS]?.update)
  const namespace = `${pluginOptionsOf(payload.config).restPrefix}/${NAMESPACE}`

  return (
    <CalendarViewTemplate initPageResult={initPageResult} params={params} searchParams={searchParams}>
      <Gutter className="event-calendar">
        <header className="event-calendar__header">
          <h1 data-testid="calendar-month">{grid.label}</h1>
          <nav className="event-calendar__nav" aria-label="Months">
            <Link href={url(`/calendar?month=${grid.previous}`)} prefetch={false}>‹ Previous</Link>
            <Link href={url('/calendar')} prefetch={false}>Today</Link>
            <Link href={url(`/calendar?month=${grid.next}`)} prefetch={false}>Next ›</Link>
            {canCreate && (
              <Link className="event-calendar__new" href={url(`/collections/${EVENTS}/create`)} prefetch={false}>
                New event
              </Link>
            )}
          </nav>
        </header>
        <p className="event-calendar__meta">
          {found.totalDocs} event{found.totalDocs === 1 ? '' : 's'} in view · days and times in each event&rsquo;s own time zone
          (site: {siteZone})
          {found.totalDocs > found.docs.length && ` · showing the first ${found.docs.length}`}
        </p>
        <table className="event-calendar__grid">
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.weeks.map((week) => (
              <tr key={week[0]!.date}>
                {week.map((day) => (
                  <td
                    key={day.date}
                    data-date={day.date}
                    className={[
                      'event-calendar__day',
                      day.inMonth ? '' : 'event-calendar__day--outside',
                      day.isToday ? 'event-calendar__day--today' : '',
                    ].join(' ')}
                  >
                    <div className="event-calendar__date">{day.day}</div>
                    <ul>
                      {day.entries.map((entry) => (
                        <li
                          key={`${entry.repeat?.provisionalId ?? entry.id}-${day.date}`}
                          className={`event-calendar__entry event-calendar__entry--${entry.status}${entry.repeat ? ' event-calendar__entry--repeat' : ''}`}
                        >
                          {entry.repeat ? (
                            <OccurrenceEntry
                              hover={entry.hover}
                              title={entry.title}
                              allDay={entry.repeat.allDay}
                              repeat={entry.repeat}
                              namespace={namespace}
                              seriesHref={url(`/collections/${EVENTS}/${entry.repeat.seriesId}`)}
                              ownHref={entry.repeat.changed ? url(`/collections/${EVENTS}/${entry.id}`) : undefined}
                              canEdit={canEdit}
                            >
                              <EntryLabel entry={entry} />
                            </OccurrenceEntry>
                          ) : (
                            // The cell is narrow: the title wraps over two lines at most, and the hover text has it all.
                            <Link href={url(`/collections/${EVENTS}/${entry.id}`)} prefetch={false} title={entry.hover}>
                              <EntryLabel entry={entry} />
                            </Link>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Gutter>
    </CalendarViewTemplate>
  )
}

/** An entry's label: its time (zone on its first day), title and marks. */
function EntryLabel({ entry }: { entry: CalendarEntry }) {
  return (
    <>
      <span className="event-calendar__time">{entry.time}</span>
      {!entry.continued && <span className="event-calendar__zone"> ({entry.zone})</span>}{' '}
      <span className="event-calendar__title">{entry.title}</span>
      {entry.repeat && (
        <span className="event-calendar__repeat" title={entry.repeat.changed ? 'Changed occurrence of a repeating event' : 'Repeating event'}>
          {entry.repeat.changed ? ' ↻ changed' : ' ↻'}
        </span>
      )}
      {entry.status !== 'publish' && <span className="event-calendar__status">{entry.status}</span>}
      {entry.protected && <span className="event-calendar__status event-calendar__status--protected">protected</span>}
    </>
  )
}
