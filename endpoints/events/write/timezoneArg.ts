import { zoneOf } from '../../dates/wallClock.js'
import { ParamError } from '../../errors/ParamError.js'
import type { ParamSpec } from '../../types.js'

/** An IANA name as the platform spells it, when they differ only in case ("europe/paris"). */
function canonical(zone: string): string {
  const spelled = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  return spelled.toLowerCase() === zone.toLowerCase() ? spelled : zone
}

/**
 * `timezone` on event writes (reference 6.3): an IANA zone, a manual offset ("UTC+2"), or "" for
 * the site zone. Returns the zone in its canonical spelling ("europe/paris" → "Europe/Paris"), or "".
 */
export function timezoneArg(description: string): ParamSpec {
  return {
    type: 'string',
    description,
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      if (raw.trim() === '') return ''
      const zone = zoneOf(raw)
      if (!zone) throw new ParamError()
      if (zone.startsWith('UTC')) return zone
      try {
        return canonical(zone)
      } catch {
        // A name the zone library reads but Intl does not ("Local"): not a zone an event can carry.
        throw new ParamError()
      }
    },
  }
}
