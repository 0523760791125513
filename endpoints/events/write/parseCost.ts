/** What an event stores for a cost sent to the namespace. */
export interface StoredCost {
  cost: string
  currencySymbol: string
  currencyPosition: 'prefix' | 'postfix' | null
}

// A run of characters around an amount that is neither a digit, a space nor range/decimal punctuation:
// the currency ("$", "€", "EUR").
const SYMBOL = /[^\d\s.,\-–]+/gu
const MAX_SYMBOL_LENGTH = 8

/**
 * TEC's cost meta from `cost` (reference 6.3): the amounts without their currency, the currency
 * symbol, and where it was written. "20$" stores "20", "$", postfix; "€12" stores "12", "€", prefix;
 * a list ["0$", "20$", "30$"] stores "0, 20, 30" with "$" (read back as "Free – 30$"). Text without
 * an amount ("Free", "Donation") is stored as it is, and so is text whose non-numeric part is too long
 * to be a currency or is more than one word ("between 5 and 10 at the door"): a currency is one symbol,
 * written once or before every amount ("$10 - $20").
 */
export function parseCost(items: Array<string | number>): StoredCost {
  const parts: string[] = []
  let currencySymbol = ''
  let currencyPosition: StoredCost['currencyPosition'] = null
  for (const item of items) {
    const text = String(item).trim()
    if (!text) continue
    const symbols = text.match(SYMBOL) ?? []
    const firstDigit = text.search(/\d/)
    if (firstDigit < 0 || symbols.some((s) => s.length > MAX_SYMBOL_LENGTH) || new Set(symbols).size > 1) {
      parts.push(text)
      continue
    }
    if (symbols.length && !currencySymbol) {
      currencySymbol = symbols[0]!
      currencyPosition = text.indexOf(currencySymbol) < firstDigit ? 'prefix' : 'postfix'
    }
    parts.push(text.replace(SYMBOL, ' ').replace(/\s+/g, ' ').trim())
  }
  return { cost: parts.join(', '), currencySymbol, currencyPosition }
}
