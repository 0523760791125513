import type { ResolvedCalendarOptions } from '../../../lib/options.js'
import type { Event } from '../../data/documents.js'

/**
 * The amounts in a stored cost, ascending by value, each as it was entered ("25.50" stays "25.50"),
 * as TEC's parse_cost_range keeps the original strings keyed by their value (the last of equal values
 * wins); a cost without any amount is itself, lowercased (reference 6.2).
 */
export function costValues(cost: string | null | undefined): string[] {
  const text = (cost ?? '').trim()
  if (!text) return []
  const byValue = new Map<number, string>()
  for (const [amount] of text.matchAll(/\d+(?:[.,]\d+)?/g)) byValue.set(Number(amount.replace(',', '.')), amount)
  if (!byValue.size) return [text.toLowerCase()]
  return [...byValue.entries()].sort(([a], [b]) => a - b).map(([, amount]) => amount)
}

/**
 * `cost` and `cost_details` (reference 6.2, quirk 14.8): the cost formatted with the event's currency
 * symbol or the site default, "Free" for an amount written exactly "0" (maybe_replace_cost_with_free),
 * an en dash between the lowest and highest amounts; the details report the event's own currency
 * settings (often empty) and the values.
 */
export function serializeCost(event: Event, options: ResolvedCalendarOptions) {
  const values = costValues(event.cost)
  const symbol = event.currencySymbol || options.defaultCurrencySymbol
  const position = event.currencyPosition || options.defaultCurrencyPosition
  const amount = (value: string) => {
    if (value === '0') return 'Free'
    return position === 'postfix' ? `${value}${symbol}` : `${symbol}${value}`
  }
  let cost = ''
  if (values.length && !/\d/.test(values[0]!)) cost = (event.cost ?? '').trim()
  else if (values.length) {
    const low = amount(values[0]!)
    const high = amount(values[values.length - 1]!)
    cost = low === high ? low : `${low} – ${high}`
  }
  return {
    cost,
    cost_details: {
      currency_symbol: event.currencySymbol ?? '',
      currency_code: event.currencyCode ?? '',
      currency_position: event.currencyPosition ?? '',
      values,
    },
  }
}
