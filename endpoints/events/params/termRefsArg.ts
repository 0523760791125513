import { ParamError } from '../../errors/ParamError.js'
import { MAX_ID, toInteger, toList } from '../../params/kinds.js'
import type { Param } from '../../types.js'

/** A term as sent: an ID, or a slug or name to look up. */
export type TermRef = number | string

const MAX_ITEMS = 100
const MAX_NAME_LENGTH = 200

/**
 * `categories` / `tags` on event writes (reference 6.3): a CSV string or a list of IDs, slugs or names
 * (declared as a list of integers, as the reference does). Numeric items are IDs, others slugs or
 * names; they are resolved once the caller's permission is known (resolveTermRefs). "" or [] means no
 * terms; null, the index default, means not sent.
 */
export function termRefsArg(description: string): Param<TermRef[] | null> & { default: null } {
  return {
    default: null,
    items: { type: 'integer' },
    // IDs, slugs and names are all accepted: /doc says so (the index keeps the reference's integers).
    docItems: { type: 'string' },
    description,
    parse: (raw): TermRef[] | null => {
      if (raw === null) return null
      const list = toList(raw)
      if (!list || list.length > MAX_ITEMS) throw new ParamError()
      const refs: TermRef[] = []
      for (const item of list) {
        if (typeof item !== 'string' && typeof item !== 'number') throw new ParamError()
        const id = toInteger(item)
        if (id !== null) {
          if (id < 0 || id > MAX_ID) throw new ParamError()
          if (id > 0) refs.push(id)
        } else if (typeof item === 'string' && item.length <= MAX_NAME_LENGTH && !item.includes('\u0000')) refs.push(item)
        else throw new ParamError()
      }
      return [...new Set(refs)]
    },
  }
}
