import { ParamError } from '../../errors/ParamError.js'
import { type ArgOptions, base, type Kind } from '../../params/kinds.js'
import { isTruthy } from '../../params/isTruthy.js'

/**
 * A flag of untyped declaration read with tribe_is_truthy (reference 7.1: `has_events`,
 * `only_with_upcoming`). Scalars only; an empty string reads as not sent (null).
 */
export function truthyArg<const O extends Omit<ArgOptions, 'required'>>(options?: O): Kind<boolean | null, O> {
  return {
    ...base(options),
    parse: (raw) => {
      if (typeof raw !== 'boolean' && typeof raw !== 'number' && typeof raw !== 'string') throw new ParamError()
      if (typeof raw === 'string') {
        if (raw.trim() === '') return null
        if (raw.length > 100) throw new ParamError()
      }
      return isTruthy(raw)
    },
  }
}
