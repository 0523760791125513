import { DateTime } from 'luxon'

/** What of a series' event its dates are read in. */
type SeriesEvent = Record<string, unknown> & { startDate?: unknown; timezone?: unknown; allDay?: unknown }

const WALL = "yyyyMMdd'T'HHmmss"

/**
 * A series' recurrence lines with the starts `add` (ISO instants) listed as RDATEs and those of
 * `remove` taken out, its other lines kept. Dates are wall clocks in the event's zone (dates for an
 * all-day event); the event's own start, its first occurrence, is not listed.
 */
export function seriesDates(event: SeriesEvent, lines: string[], add: string[], remove: string[] = []): string[] {
  const zone = typeof event.timezone === 'string' && DateTime.now().setZone(event.timezone).isValid ? event.timezone : 'UTC'
  const allDay = Boolean(event.allDay)
  const first = Date.parse(String(event.startDate))
  /** An RDATE value as an instant (ms) or, all-day, a day (its digits). */
  const keyOf = (value: string): string => {
    if (allDay) return value.slice(0, 8)
    const utc = value.endsWith('Z')
    const at = DateTime.fromFormat(value.replace(/Z$/, ''), WALL, { zone: utc ? 'UTC' : zone })
    return at.isValid ? String(at.toMillis()) : value
  }
  const valueOf = (iso: string) => {
    const at = DateTime.fromISO(iso, { zone: 'UTC' }).setZone(zone)
    return allDay ? at.toFormat('yyyyMMdd') : at.toFormat(WALL)
  }
  const dates = new Map<string, string>()
  const kept: string[] = []
  for (const line of lines) {
    const m = /^RDATE(;VALUE=DATE)?:(.*)$/i.exec(line)
    if (!m) kept.push(line)
    else for (const value of m[2]!.split(',').map((v) => v.trim()).filter(Boolean)) dates.set(keyOf(value), value)
  }
  for (const iso of remove) dates.delete(keyOf(valueOf(iso)))
  for (const iso of add) if (Date.parse(iso) !== first) dates.set(keyOf(valueOf(iso)), valueOf(iso))
  dates.delete(keyOf(valueOf(new Date(first).toISOString())))
  if (!dates.size) return kept
  return [...kept, `RDATE${allDay ? ';VALUE=DATE' : ''}:${[...dates.values()].sort((a, b) => Number(keyOf(a)) - Number(keyOf(b)) || a.localeCompare(b)).join(',')}`]
}
