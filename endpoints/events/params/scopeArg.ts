import { ParamError } from '../../errors/ParamError.js'
import { base, type Kind } from '../../params/kinds.js'

export const SCOPES = ['this', 'following', 'all'] as const
export type Scope = (typeof SCOPES)[number]

/**
 * Extension (docs/api.md): what a write to an occurrence's provisional ID changes: that occurrence
 * (`this`, the default), the series from it on (`following`: the series is split there, as Google
 * Calendar splits it), or the whole series (`all`). Ignored on other events.
 */
export function scopeArg(description: string): Kind<Scope, { description: string; default: 'this' }> {
  return {
    ...base({ description, default: 'this' as const }),
    type: 'string',
    enum: [...SCOPES],
    parse: (raw) => {
      if (typeof raw !== 'string' || !(SCOPES as readonly string[]).includes(raw)) throw new ParamError()
      return raw as Scope
    },
  }
}
