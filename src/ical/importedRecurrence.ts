import ICAL from 'ical.js'
import { DateTime } from 'luxon'

/** A moment as a DATE-TIME in UTC, RFC 5545's basic form (`YYYYMMDDTHHMMSSZ`). */
export const utcValue = (at: DateTime): string => at.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")

const digits = (time: ICAL.Time, dateOnly: boolean): string => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const date = `${pad(time.year, 4)}${pad(time.month)}${pad(time.day)}`
  return dateOnly ? date : `${date}T${pad(time.hour)}${pad(time.minute)}${pad(time.second)}`
}

const isUtc = (time: ICAL.Time) => time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC' || time.zone?.tzid === 'Z'

/** How a DATE-TIME of the file is read as an instant (the importer's reading of zones, given by the caller). */
export type ReadInstant = (time: ICAL.Time, tzid: string | null) => DateTime

/**
 * A recurring VEVENT's RRULE, RDATE and EXDATE as the event model takes them (`events.recurrence`: no
 * DTSTART; dates in UTC with Z, wall clocks in the event's zone when the file wrote them floating,
 * `VALUE=DATE` for dates). An all-day series' dates are dates; a PERIOD in an RDATE gives its start
 * (each occurrence lasts as long as the first).
 */
export function importedRecurrence(component: ICAL.Component, allDay: boolean, instant: ReadInstant): string[] {
  const lines = component.getAllProperties('rrule').map((p) => `RRULE:${String(p.getFirstValue())}`)
  for (const name of ['rdate', 'exdate'] as const) {
    for (const property of component.getAllProperties(name)) {
      const tzid = (property.getParameter('tzid') as string | undefined) ?? null
      const dates: string[] = []
      const times: string[] = []
      for (const raw of property.getValues() as Array<ICAL.Time | ICAL.Period>) {
        const time = raw instanceof ICAL.Period ? raw.start : raw
        if (allDay || time.isDate) dates.push(digits(time, true))
        // Floating: a wall clock the model reads in the event's zone, as RFC 5545 means it.
        else if (!tzid && !isUtc(time)) times.push(digits(time, false))
        else times.push(utcValue(instant(time, tzid)))
      }
      const NAME = name.toUpperCase()
      if (dates.length) lines.push(`${NAME};VALUE=DATE:${dates.join(',')}`)
      if (times.length) lines.push(`${NAME}:${times.join(',')}`)
    }
  }
  return lines
}
