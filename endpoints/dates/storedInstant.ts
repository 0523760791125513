import type { DateTime } from 'luxon'

/** The latest instant an ISO 8601 date with a four-digit year names. */
export const LATEST_STORED_INSTANT = '9999-12-31T23:59:59.999Z'

/**
 * `at` in UTC as the ISO string stored dates are compared with. Past year 9999 (the end of
 * 9999-12-31 in a zone behind UTC, or the second after it) luxon writes `+010000-…`, which sorts
 * before every stored date: `end_date=9999-12-31` matched nothing. Such bounds are held at the
 * latest instant a stored date can have.
 */
export function storedInstant(at: DateTime): string {
  const utc = at.toUTC()
  return utc.year > 9999 ? LATEST_STORED_INSTANT : utc.toISO()!
}
