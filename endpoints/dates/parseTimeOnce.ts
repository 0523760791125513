import type { DateTime } from 'luxon'
import { parseTime } from './parseTime.js'

// Per request (the context object), by zone and value: validation reads a date parameter in the site
// zone (timeArg), and the query reads it again in the same zone; the second read is the first's result.
const perRequest = new WeakMap<object, Map<string, DateTime | null>>()

function memo(scope: object): Map<string, DateTime | null> {
  let parsed = perRequest.get(scope)
  if (!parsed) perRequest.set(scope, (parsed = new Map()))
  return parsed
}

/** parseTime(raw, zone), parsed at most once for a request (`scope`: its context). */
export function parseTimeOnce(scope: object, raw: unknown, zone: string): DateTime | null {
  const parsed = memo(scope)
  const key = `${zone}\u0000${typeof raw}\u0000${String(raw)}`
  let value = parsed.get(key)
  if (value === undefined) parsed.set(key, (value = parseTime(raw, zone)))
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
