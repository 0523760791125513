import { zoneOf } from '../dates/wallClock.js'
import { recurrenceLines } from './contentLine.js'
import { parseRecurrence } from './parseRecurrence.js'
import type { ParseResult } from './types.js'

/** What an event holds of its series: the lines and the first occurrence. */
export interface SeriesFields {
  recurrence?: unknown
  startDate?: string | Date | null
  endDate?: string | Date | null
  timezone?: string | null
  allDay?: boolean | null
}

export interface SeriesLimits {
  /** How far ahead occurrences are stored, in months (RECURRENCE_HORIZON_MONTHS). */
  horizonMonths: number
  /** Most occurrences within the horizon (RECURRENCE_MAX_OCCURRENCES). */
  maxOccurrences: number
  /** The zone of events without one. */
  siteTimezone: string
}

/**
 * The end of the stored horizon: `months` from now, or from the first occurrence when the series
 * starts later (a series announced far ahead still shows its first months).
 */
export function horizonEnd(start: Date, months: number, now: Date = new Date()): Date {
  const from = start > now ? start : now
  const end = new Date(from)
  end.setUTCMonth(end.getUTCMonth() + months)
  return end
}

/**
 * The series an event describes, checked against the limits; `{ ok: true, series: null }` for an event
 * that does not repeat. Reasons are sentences an API answers with.
 */
export function seriesOfEvent(event: SeriesFields, limits: SeriesLimits, now: Date = new Date()): ParseResult | { ok: true; series: null } {
  const lines = recurrenceLines(event.recurrence)
  if (lines === null) return { ok: false, reasons: ['recurrence is a list of RRULE, RDATE and EXDATE lines'] }
  if (!lines.length) return { ok: true, series: null }
  if (!event.startDate || !event.endDate) return { ok: false, reasons: ['a recurring event needs a start and an end'] }
  const start = new Date(event.startDate)
  const zone = zoneOf(event.timezone ?? '') ?? limits.siteTimezone
  return parseRecurrence(lines, { start, end: new Date(event.endDate), timezone: zone, allDay: Boolean(event.allDay) }, {
    horizonEnd: horizonEnd(start, limits.horizonMonths, now),
    maxOccurrences: limits.maxOccurrences,
  })
}
