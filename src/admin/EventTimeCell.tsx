import type { DefaultServerCellComponentProps } from 'payload'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { wallClockTime } from './wallClockRange.js'

/**
 * The events list's Start and End: the event's own wall-clock time, labelled with its zone
 * ("Fri 5 Mar 2027, 19:00 Europe/Paris"), the day alone for all-day events. Rendered on the server
 * from the row, so it reads the same in every browser and hydrates without a mismatch.
 */
export function EventTimeCell({ cellData, rowData, payload }: DefaultServerCellComponentProps) {
  const when = wallClockTime(cellData, rowData?.timezone, siteTimezoneOf(payload.config), rowData?.allDay === true)
  if (!when) return null
  return (
    <span className="event-time-cell">
      {when.text} <span className="event-time-cell__zone">({when.zoneLabel})</span>
    </span>
  )
}
