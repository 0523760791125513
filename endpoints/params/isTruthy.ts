const TRUTHY_WORDS = ['1', 'y', 'yes', 'true', 'on']

/** TEC's tribe_is_truthy(): booleans as they are, non-zero numbers, and the words 1/y/yes/true/on. */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value !== 'string') return false
  const word = value.trim().toLowerCase()
  if (/^[+-]?\d+(\.\d+)?$/.test(word)) return Number(word) !== 0
  return TRUTHY_WORDS.includes(word)
}
