/**
 * Expanding a recurring event's series into its occurrences. The policy, which the README cites:
 *
 * - **The first occurrence is the event itself**: its start is occurrence 1 whether or not the rule
 *   matches it, and it counts towards COUNT (RFC 5545 section 3.8.5.3; Google Calendar and Events
 *   Calendar Pro do the same).
 * - **Wall-clock times are kept across DST**: the rule is expanded on wall clocks in the event's zone
 *   (RFC 5545 section 3.3.10, with rrule-temporal), so a weekly 19:00 stays 19:00 local in winter
 *   and in summer; each wall clock is then read as an instant in the zone.
 * - **A wall clock the zone skips (DST gap) is shifted forward by the gap's length** and still is an
 *   occurrence that counts towards COUNT (a weekly 02:30 class in New York happens at 03:30 on the
 *   day clocks spring forward), as Google Calendar and Apple Calendar do. This is a deliberate
 *   difference from RFC 5545 section 3.3.10, which drops such instances (and rrule-temporal with a
 *   zone does): attendees expect the class to happen. It is how RFC 5545 section 3.3.5 reads such a
 *   time in DTSTART, and Temporal's "compatible" disambiguation.
 * - **A wall clock the zone repeats (DST fold) is the earlier instant** (RFC 5545 section 3.3.5).
 * - **Each occurrence lasts as long as the first, in absolute time** (as Events Calendar Pro and
 *   Google Calendar keep a duration): a 19:00–21:00 event lasts two hours on the day clocks change.
 *   All-day series are expanded as plain dates, whatever the zone, and each occurrence spans as many
 *   days as the first, from 00:00:00 of its first day to 23:59:59 of its last in the event's zone.
 * - **COUNT is counted before EXDATE** (a removed occurrence still used up its place); **UNTIL is
 *   inclusive** and bounds the rule only, not RDATEs; a date or floating UNTIL was normalised when the
 *   series was parsed (a date means its whole day in the event's zone).
 * - **RDATEs are added, EXDATEs removed, and equal starts merged**; an EXDATE matches an occurrence's
 *   original start as an instant (however it was written: in the event's zone, with TZID or in UTC),
 *   or, written as a date on a timed series, every occurrence starting that day.
 * - **Open-ended rules stop at the horizon**: only starts before `horizonEnd` are made.
 */
import { RRuleTemporal } from 'rrule-temporal'
import { toMillis } from './toMillis.js'
import type { ExpandOptions, Occurrence, RecurrenceSeries } from './types.js'
import { DAY_MS, dayOf, formatWall, icsWall, instantOf, wallOf } from './zoneTime.js'

/**
 * The wall clocks (wall ms) the rule makes from the first occurrence up to `upperWall`, or from about
 * `lowerWall` when given. The rule is expanded in UTC on wall clocks, so no instant is dropped in a
 * gap or doubled in a fold; the caller reads them in the zone.
 */
function ruleWalls(series: RecurrenceSeries, startWall: number, lowerWall: number | undefined, upperWall: number, cap: number): number[] {
  const rule = series.rule
  if (!rule) return []
  const rrule = new RRuleTemporal({ rruleString: `DTSTART:${icsWall(startWall)}Z\nRRULE:${rule.parts}`, includeDtstart: true, cache: false })
  // `between` takes rrule-temporal's fast paths (an iterator callback would not) and applies COUNT
  // from the first occurrence whatever the window.
  return rrule
    .between(new Date(lowerWall ?? startWall), new Date(upperWall), true)
    .slice(0, cap)
    .map((d) => d.epochMilliseconds)
}

/** The occurrences of a series starting in [`from`, `horizonEnd`), in order, at most `maxOccurrences`. */
export function expandRecurrence(series: RecurrenceSeries, options: ExpandOptions): Occurrence[] {
  const horizonEnd = toMillis(options.horizonEnd)
  const from = options.from === undefined ? -Infinity : toMillis(options.from)
  const cap = options.maxOccurrences ?? Infinity
  const { zone, allDay, rule } = series

  // Starts by key: the UTC instant (ms) for timed series, the day (wall ms of midnight) for all-day ones.
  const keys = new Set<number>()
  const startWall = allDay ? dayOf(series.startWall) : series.startWall
  // Generous bounds in wall clocks (a zone is at most a day off UTC); exact bounds are applied below.
  const upperWall = Math.min(wallOf(horizonEnd, zone) + DAY_MS, allDay && rule?.until !== undefined ? rule.until : Infinity)
  const lowerWall = from === -Infinity ? undefined : wallOf(from, zone) - 2 * DAY_MS
  // Removed occurrences may be among the first ones made; make enough to still fill the cap. From a
  // lower bound, none is cut: the margin before `from` may hold occurrences that the exact bound below
  // drops, and counting them would leave the answer short (a weekly series asked from a Monday lost the
  // Saturday before). The window is bounded by the horizon either way.
  const ruleCap = lowerWall === undefined ? cap + series.exdates.length + series.exdays.length : Infinity

  if (upperWall >= startWall) {
    for (const wall of ruleWalls(series, startWall, lowerWall, upperWall, ruleCap)) {
      if (allDay) keys.add(wall)
      else if (wall === startWall) keys.add(series.start)
      else {
        const instant = instantOf(wall, zone)
        if (rule?.until === undefined || instant <= rule.until) keys.add(instant)
      }
    }
  }
  keys.add(allDay ? startWall : series.start)
  for (const key of series.rdates) keys.add(key)
  for (const key of series.exdates) keys.delete(key)

  const exdays = new Set(series.exdays)
  const occurrences: Occurrence[] = []
  for (const key of [...keys].sort((a, b) => a - b)) {
    if (occurrences.length >= cap) break
    let start: number
    let end: number
    if (allDay) {
      start = instantOf(key, zone)
      end = instantOf(key + (series.spanDays + 1) * DAY_MS, zone) - 1000
    } else {
      if (exdays.size && exdays.has(dayOf(wallOf(key, zone)))) continue
      start = key
      end = key + series.durationMs
    }
    if (start < from) continue
    if (start >= horizonEnd) break
    occurrences.push({
      originalStart: new Date(start),
      start: new Date(start),
      end: new Date(end),
      startLocal: formatWall(wallOf(start, zone)),
      endLocal: formatWall(wallOf(end, zone)),
    })
  }
  return occurrences
}
