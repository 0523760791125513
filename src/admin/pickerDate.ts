import { DateTime } from 'luxon'

/**
 * Payload's date picker (react-datepicker) shows and returns times in the runtime's own zone. These
 * convert between a stored UTC instant and the Date whose local wall clock is the event's, so the
 * picker shows, and the editor types, the event's local time whatever zone the browser is in.
 * (A wall clock that the browser's own zone skips at a daylight-saving change shows an hour later.)
 */
export function toPickerDate(instant: string, zone: string): string | undefined {
  const at = DateTime.fromISO(instant).setZone(zone)
  if (!at.isValid) return undefined
  return at.setZone('local', { keepLocalTime: true }).toISO() ?? undefined
}

/**
 * The instant the editor picked, read as wall clock in the event's zone. An all-day event's days
 * arrive from Payload's day-only picker as 12:00 UTC of the day picked; they become 00:00:00 (start)
 * or 23:59:59 (end) of that day in the event's zone, as the namespace stores them.
 */
export function fromPickerDate(picked: Date, zone: string, allDay: boolean, edge: 'start' | 'end'): string | null {
  if (allDay) {
    const day = DateTime.fromJSDate(picked, { zone: 'UTC' })
    const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day }, { zone })
    return (edge === 'end' ? local.endOf('day').set({ millisecond: 0 }) : local).toUTC().toISO()
  }
  return DateTime.fromJSDate(picked).setZone(zone, { keepLocalTime: true }).toUTC().toISO()
}
