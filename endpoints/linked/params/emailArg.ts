import { isEmailAddress } from '../../../collections/rules/emailAddress.js'
import { ParamError } from '../../errors/ParamError.js'
import type { ArgOptions } from '../../params/kinds.js'
import type { Param } from '../../types.js'

/** An e-mail address by the organizers' rule (isEmailAddress, stricter than the reference), or "" to clear it. */
export function emailArg(options: ArgOptions = {}): Param<string> {
  return {
    ...(options.description !== undefined ? { description: options.description } : {}),
    type: 'string',
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const value = raw.trim()
      if (value === '') return ''
      if (!isEmailAddress(value)) throw new ParamError()
      return value
    },
  }
}
