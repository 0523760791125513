import { eventTimeZone } from '../../../collections/rules/eventTimeZone.js'
import { ParamError } from '../../errors/ParamError.js'
import type { Param } from '../../types.js'

/**
 * `timezone` on event writes (reference 6.3): an IANA zone, a manual offset ("UTC+2"), or "" for
 * the site zone, by the collection's rule. Returns the zone in its canonical spelling
 * ("europe/paris" → "Europe/Paris"), or "".
 */
export function timezoneArg(description: string): Param<string> {
  return {
    type: 'string',
    description,
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const zone = eventTimeZone(raw)
      if (zone === null) throw new ParamError()
      return zone
    },
  }
}
