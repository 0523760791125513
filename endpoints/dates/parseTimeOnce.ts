import type { DateTime } from 'luxon'
import { parseTime } from './parseTime.js'

// Per request (the context object), by zone and value: validation reads a date parameter in the site
// zone (timeArg), and the query reads it again in the same zone; the second read is the first's result.
const perRequest = new WeakMap<object, Map<string, DateTime | null>>()

/** parseTime(raw, zone), parsed at most once for a request (`scope`: its context). */
export function parseTimeOnce(scope: object, raw: unknown, zone: string): DateTime | null {
  let parsed = perRequest.get(scope)
  if (!parsed) perRequest.set(scope, (parsed = new Map()))
  const key = `${zone}\u0000${typeof raw}\u0000${String(raw)}`
  let value = parsed.get(key)
  if (value === undefined) parsed.set(key, (value = parseTime(raw, zone)))
  return value
}
