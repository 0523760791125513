import { expandRecurrence } from './expandRecurrence.js'
import { canonicalLines } from './parseRecurrence.js'
import type { RecurrenceSeries } from './types.js'
import { DAY_MS, dayOf, wallOf } from './zoneTime.js'

/** The lines of the two series "this and following" makes of one (Google Calendar's split). */
export interface SplitLines {
  /** The series up to the occurrence, ending the day (all-day) or the second before it. */
  before: string[]
  /** The series from the occurrence on, which becomes the new series' first occurrence. */
  after: string[]
}

const withoutCount = (parts: string) =>
  parts
    .split(';')
    .filter((part) => !part.startsWith('COUNT='))
    .join(';')

/**
 * Splits a series at the occurrence whose original start is `at` (UTC ms): the series before it ends
 * with UNTIL just before it; the series from it keeps the rule, with what is left of COUNT (COUNT counts
 * the rule's occurrences, so those made before `at` are taken off), and the extra and removed dates
 * from `at` on.
 */
export function splitSeries(series: RecurrenceSeries, at: number): SplitLines {
  const timed = !series.allDay
  // Timed series compare instants; all-day ones days (wall ms of midnight in the zone).
  const key = timed ? at : dayOf(wallOf(at, series.zone))
  const rule = series.rule
  const madeBefore = rule?.count
    ? expandRecurrence({ ...series, rdates: [], exdates: [], exdays: [] }, { horizonEnd: at }).length
    : 0
  const before: RecurrenceSeries = {
    ...series,
    rule: rule && { ...rule, parts: withoutCount(rule.parts), count: undefined, until: timed ? at - 1000 : key - DAY_MS },
    rdates: series.rdates.filter((d) => d < key),
    exdates: series.exdates.filter((d) => d < key),
    exdays: series.exdays.filter((d) => d < dayOf(wallOf(at, series.zone))),
  }
  const left = rule?.count ? rule.count - madeBefore : undefined
  const after: RecurrenceSeries = {
    ...series,
    rule: rule && (left === undefined ? rule : { ...rule, parts: withoutCount(rule.parts).replace(/^(FREQ=[A-Z]+(?:;INTERVAL=\d+)?)/, `$1;COUNT=${left}`), count: left }),
    rdates: series.rdates.filter((d) => d >= key),
    exdates: series.exdates.filter((d) => d >= key),
    exdays: series.exdays.filter((d) => d >= dayOf(wallOf(at, series.zone))),
  }
  return { before: canonicalLines(before), after: canonicalLines(after) }
}
