import { DateTime } from 'luxon'
import { eventZone } from './eventZone.js'
import type { CalendarEvent, EntryRepeat } from './monthGrid.js'
import { wallClockRange } from './wallClockRange.js'

/** A wall clock as a date-time (date, all day) input holds it. */
export function inputValue(at: DateTime, allDay: boolean): string {
  return at.isValid ? at.toFormat(allDay ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm") : ''
}

/**
 * What an occurrence's dialog (OccurrenceEntry.tsx) needs of it: its dates as the form's inputs read
 * them, wall clocks in the event's own zone. Undefined for an event that is not an occurrence.
 */
export function entryRepeat(event: CalendarEvent, siteZone: string): EntryRepeat | undefined {
  if (!event.repeat || !event.startDate) return undefined
  const { zone } = eventZone(event.timezone, siteZone)
  const allDay = event.allDay === true
  const when = wallClockRange(event.startDate, event.endDate, event.timezone, siteZone, allDay)
  return {
    ...event.repeat,
    zone,
    startInput: inputValue(DateTime.fromISO(event.startDate).setZone(zone), allDay),
    endInput: inputValue(DateTime.fromISO(event.endDate ?? event.startDate).setZone(zone), allDay),
    when: when?.text ?? '',
    allDay,
  }
}
