import { ParamError } from '../errors/ParamError.js'
import type { ArgOptions } from '../params/kinds.js'
import type { ParamSpec } from '../types.js'

// One dot-atom local part, then a host name with at least one dot (what WordPress's is_email() accepts).
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/**
 * An e-mail address, or an empty string to clear it. Stricter than the reference, which accepts any
 * string here (reference 8): an address that is not one cannot be mailed or obfuscated usefully.
 */
export function emailArg(options: ArgOptions = {}): ParamSpec {
  return {
    ...(options.description !== undefined ? { description: options.description } : {}),
    type: 'string',
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const value = raw.trim()
      if (value === '') return ''
      if (value.length > 254 || !EMAIL.test(value)) throw new ParamError()
      return value
    },
  }
}
