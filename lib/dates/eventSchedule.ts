import { DateTime } from 'luxon'

/** Stored start and end of an event: UTC instants (ISO strings). */
export interface Schedule {
  startDate: string
  endDate: string
}

/**
 * Start and end as stored, from the instants asked for (reference 6.3): a start after the end is not
 * an error, the end becomes the start; an all-day event runs from 00:00:00 of its first day to
 * 23:59:59 of its last, in the event's zone.
 */
export function eventSchedule(start: DateTime, end: DateTime, zone: string, allDay: boolean): Schedule {
  let from = start.setZone(zone)
  let to = end.setZone(zone)
  if (to < from) to = from
  if (allDay) {
    from = from.startOf('day')
    to = to.endOf('day').set({ millisecond: 0 })
  }
  return { startDate: from.toUTC().toISO()!, endDate: to.toUTC().toISO()! }
}

/** The same wall-clock time in another zone: an event moved to a new zone keeps its local times. */
export function reanchor(instant: string, fromZone: string, toZone: string): DateTime {
  return DateTime.fromISO(instant, { zone: 'UTC' }).setZone(fromZone).setZone(toZone, { keepLocalTime: true })
}
