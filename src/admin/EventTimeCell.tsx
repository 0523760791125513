import { Link } from '@payloadcms/ui'
import type { DefaultServerCellComponentProps } from 'payload'
import { DateTime } from 'luxon'
import { formatAdminURL } from 'payload/shared'
import { relationId } from '../../collections/relationIds.js'
import { eventZone } from './eventZone.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { wallClockTime } from './wallClockRange.js'

/**
 * The events list's Start and End: the event's own wall-clock time, labelled with its zone
 * ("Fri 5 Mar 2027, 19:00 (Europe/Paris)"), the day alone for all-day events. The list sorts by the
 * instant, so an event in another zone than the site's gets the site-time line first ("Fri 5 Mar
 * 2027, 18:00 (Europe/London, site time)"): the first lines read in the list's order, and a Tokyo
 * evening listed before a Paris one the same date shows why. Rendered on the server from the row, so
 * it reads the same in every browser and hydrates without a mismatch. A repeating event (one row for
 * the series, at its first occurrence) links its Start to the agenda of its occurrences, and so does an
 * occurrence changed into an event of its own (to its series').
 */
export function EventTimeCell({ cellData, rowData, payload, field }: DefaultServerCellComponentProps) {
  const siteZone = siteTimezoneOf(payload.config)
  const when = wallClockTime(cellData, rowData?.timezone, siteZone, rowData?.allDay === true)
  if (!when) return null
  const own = (
    <>
      {when.text} <span className="event-time-cell__zone">({when.zoneLabel})</span>
    </>
  )
  // A series, or an occurrence changed into an event of its own: its Start links to the series' agenda.
  const seriesId = rowData?.recurring === true ? rowData.id : (relationId(rowData?.series) ?? null)
  const firstDay = DateTime.fromISO(String(cellData)).setZone(siteZone).toISODate()
  const repeats =
    seriesId !== null && field && 'name' in field && field.name === 'startDate' ? (
      <Link
        className="event-time-cell__repeat"
        href={formatAdminURL({ adminRoute: payload.config.routes.admin, path: `/agenda?series=${seriesId}&from=${firstDay}` })}
        prefetch={false}
      >
        {rowData?.recurring === true ? '↻ Repeats: each occurrence' : '↻ Changed occurrence: its series'}
      </Link>
    ) : null
  if (eventZone(rowData?.timezone, siteZone).zone === siteZone)
    return (
      <span className="event-time-cell">
        {own}
        {repeats}
      </span>
    )
  const site = wallClockTime(cellData, siteZone, siteZone)
  return (
    <span className="event-time-cell">
      <span className="event-time-cell__site">
        {site?.text} <span className="event-time-cell__zone">({siteZone}, site time)</span>
      </span>
      <span className="event-time-cell__own">{own}</span>
      {repeats}
    </span>
  )
}
