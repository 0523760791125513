import { LRUCache } from 'lru-cache'
import type { TextFieldSingleValidation } from 'payload'
import { zoneOf } from '../../lib/dates/wallClock.js'
import { unlessUnchanged } from './unlessUnchanged.js'

export const TIME_ZONE_MESSAGE = 'Enter a time zone such as Europe/Paris or America/New_York, or an offset such as UTC+2.'

/** An IANA name as the platform spells it, when they differ only in case ("europe/paris"). */
function canonical(zone: string): string {
  const spelled = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  return spelled.toLowerCase() === zone.toLowerCase() ? spelled : zone
}

/**
 * An event's time zone (reference 6.3): an IANA zone or a manual offset ("UTC+2", WordPress's), in its
 * canonical spelling ("europe/paris" → "Europe/Paris"); "" for blank (the site zone); null when it is
 * neither ("Paris", "Mars/Olympus"). One rule for the collection and the namespace's `timezone`.
 */
export function eventTimeZone(raw: string): string | null {
  if (raw.trim() === '') return ''
  const known = verdicts.get(raw)
  if (known !== undefined) return known.zone
  const zone = readZone(raw)
  verdicts.set(raw, { zone })
  return zone
}

// Building an Intl formatter per check costs a tenth of a millisecond, on every event write; a site has
// few zones. Bounded, since the names come from callers.
const verdicts = new LRUCache<string, { zone: string | null }>({ max: 1000 })

function readZone(raw: string): string | null {
  const zone = zoneOf(raw)
  if (!zone) return null
  if (zone.startsWith('UTC')) return zone
  try {
    return canonical(zone)
  } catch {
    // A name the zone library reads but Intl does not ("Local"): not a zone an event can carry.
    return null
  }
}

/** Field validate of an event's `timezone`. */
export const validateTimeZone: TextFieldSingleValidation = unlessUnchanged((value) =>
  typeof value === 'string' && eventTimeZone(value) !== null ? true : TIME_ZONE_MESSAGE,
)
