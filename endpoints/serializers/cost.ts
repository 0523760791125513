import type { ResolvedCalendarOptions } from '../../src/options.js'
import type { EventDoc } from './docs.js'

/** The amounts in a stored cost, ascending, as strings ("5", "50"); a cost without any is itself, lowercased. */
export function costValues(cost: string | null | undefined): string[] {
  const text = (cost ?? '').trim()
  if (!text) return []
  const numbers = Array.from(text.matchAll(/\d+(?:[.,]\d+)?/g), (m) => Number(m[0].replace(',', '.')))
  if (!numbers.length) return [text.toLowerCase()]
  return [...new Set(numbers)].sort((a, b) => a - b).map(String)
}

/**
 * `cost` and `cost_details` (reference 6.2, quirk 14.8): the cost formatted with the event's currency
 * symbol or the site default, "Free" for zero and an en dash between the lowest and highest amounts;
 * the details report the event's own currency settings (often empty) and the values.
 */
export function serializeCost(event: EventDoc, options: ResolvedCalendarOptions) {
  const values = costValues(event.cost)
  const symbol = event.currencySymbol || options.defaultCurrencySymbol
  const position = event.currencyPosition || options.defaultCurrencyPosition
  const amount = (value: string) => {
    if (Number(value) === 0) return 'Free'
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
