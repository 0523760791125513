import { isCostItem, MAX_COST_ITEMS } from '../../../collections/rules/eventCost.js'
import { ParamError } from '../../errors/ParamError.js'
import type { Param } from '../../types.js'
import { parseCost, type StoredCost } from '../write/parseCost.js'

/**
 * `cost` on event writes: a string or a list of strings (reference 6.3, declared without a type).
 * null, the index default of untyped arguments, counts as not sent; "" or [] clears the cost, and so
 * does a lone 0 or "0": the reference drops falsy values from the post array (array_filter) before
 * saving, so such an event has no cost at all (empty cost, no values), unlike ["0"] or "0$" (Free).
 */
export function costArg(description: string): Param<StoredCost | null> {
  return {
    description,
    parse: (raw): StoredCost | null => {
      if (raw === null) return null
      if (raw === 0 || raw === '0') return parseCost([])
      const items = Array.isArray(raw) ? raw : [raw]
      if (items.length > MAX_COST_ITEMS || !items.every(isCostItem)) throw new ParamError()
      return parseCost(items)
    },
  }
}
