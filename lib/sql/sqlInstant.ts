/**
 * A date column's value as read below Payload, as an ISO instant (what Payload's reads give): SQLite
 * keeps Payload's ISO text; PostgreSQL's `timestamp with time zone` comes as text like
 * `2026-11-28 09:00:00+00` (or a Date, by driver setting).
 */
export function sqlInstant(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  const iso = text.includes('T') ? text : text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')
  const time = Date.parse(iso)
  if (!Number.isFinite(time)) throw new Error(`not a date from the database: ${text}`)
  return new Date(time).toISOString()
}
