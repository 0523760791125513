import type { DateTime } from 'luxon'
import { readTime, type TimeReading } from './parseTime.js'

// Per request (the context object), by value: a date string is parsed once (readTime, without a zone),
// then read in each zone the request needs: validation in the site zone (timeArg), a write in the
// event's zone, strict list filters in UTC. Each zone's reading is kept too, so a second read in the
// same zone is the first's result.
interface Parsed {
  reading: TimeReading
  byZone: Map<string, DateTime | null>
}
const perRequest = new WeakMap<object, Map<string, Parsed>>()

function memo(scope: object): Map<string, Parsed> {
  let parsed = perRequest.get(scope)
  if (!parsed) perRequest.set(scope, (parsed = new Map()))
  return parsed
}

/** parseTime(raw, zone), with `raw` parsed at most once for a request (`scope`: its context). */
export function parseTimeOnce(scope: object, raw: unknown, zone: string): DateTime | null {
  const parsed = memo(scope)
  const key = `${typeof raw}\u0000${String(raw)}`
  let entry = parsed.get(key)
  if (!entry) parsed.set(key, (entry = { reading: readTime(raw), byZone: new Map() }))
  let value = entry.byZone.get(zone)
  if (value === undefined) entry.byZone.set(zone, (value = entry.reading.at(zone)))
  return value
}

/**
 * `derived`, a context made from the request's (a write's, `{ ...ctx, req }`), reads the dates the
 * request's validation read instead of parsing them again.
 */
export function sameRequestDates<T extends object>(scope: object, derived: T): T {
  perRequest.set(derived, memo(scope))
  return derived
}
