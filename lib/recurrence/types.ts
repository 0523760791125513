/** The event a series repeats: its stored start and end (UTC instants) give the first occurrence. */
export interface FirstOccurrence {
  /** UTC instant (ISO string, `Date` or epoch ms). */
  start: string | Date | number
  end: string | Date | number
  /** IANA zone or WordPress's manual offset ("UTC+2"), the zone the rule is expanded in. */
  timezone: string
  allDay: boolean
}

/** The RRULE of a series, checked; UNTIL is kept apart, already normalised. */
export interface SeriesRule {
  /** The rule's parts in a canonical order, without UNTIL (`FREQ=WEEKLY;BYDAY=TU`). */
  parts: string
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'
  count?: number
  /**
   * Inclusive end: for timed series a UTC instant (ms); for all-day series the last day (wall ms of
   * its midnight).
   */
  until?: number
}

/** A series checked by `parseRecurrence`, ready to expand. Plain data: it may be cached or compared. */
export interface RecurrenceSeries {
  zone: string
  allDay: boolean
  /** The first occurrence's start: UTC instant (ms), and its wall clock in the zone (wall ms). */
  start: number
  startWall: number
  /** Timed series: each occurrence lasts as long as the first (ms). */
  durationMs: number
  /** All-day series: the days from the first day to the last (0 for a one-day event). */
  spanDays: number
  rule: SeriesRule | null
  /** Extra starts: UTC instants (ms) for timed series, days (wall ms of midnight) for all-day ones. */
  rdates: number[]
  /** Removed starts, in the same terms as `rdates`. */
  exdates: number[]
  /** Timed series only: days (wall ms of midnight) whose occurrences an `EXDATE;VALUE=DATE` removes. */
  exdays: number[]
  /** The lines in canonical form (what to store and to write into iCal). */
  lines: string[]
}

export interface Occurrence {
  /** The start the rule gives, the occurrence's identity (RECURRENCE-ID, Google's originalStartTime). */
  originalStart: Date
  start: Date
  end: Date
  /** Wall clocks in the series' zone, `YYYY-MM-DD HH:MM:SS`. */
  startLocal: string
  endLocal: string
}

export type ParseResult = { ok: true; series: RecurrenceSeries } | { ok: false; reasons: string[] }

export interface ExpandOptions {
  /** Occurrences starting before this instant are generated; later ones are not (exclusive). */
  horizonEnd: string | Date | number
  /** Only occurrences starting at or after this instant (inclusive); defaults to the first. */
  from?: string | Date | number
  /** At most this many occurrences are returned (the first ones). */
  maxOccurrences?: number
}
