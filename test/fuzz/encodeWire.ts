import { Raw, type Wire } from './wireValues.js'

/** Percent-encodes UTF-8 like encodeURIComponent, also for lone surrogates (sent as U+FFFD's bytes). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  }
}

function encodeKey(key: string): string {
  // Brackets stay literal: they are the structure qs and Express's extended parser read.
  return percentEncode(key).replace(/%5B/g, '[').replace(/%5D/g, ']')
}

function scalar(value: Wire): string {
  if (value instanceof Raw) return value.text
  if (value === null) return ''
  return percentEncode(String(value))
}

/**
 * A value as `a=1&a[]=2&a[b][c]=3`: arrays as `key[]=` (or repeated keys when `repeat`), objects as
 * `key[sub]=`, the way qs and PHP read them.
 */
export function encodeWire(entries: Record<string, Wire>, repeat = false): string {
  const parts: string[] = []
  const walk = (key: string, value: Wire) => {
    if (Array.isArray(value)) {
      if (!value.length) parts.push(`${key}[]=`)
      for (const item of value) walk(repeat && !Array.isArray(item) && !isObject(item) ? key : `${key}[]`, item)
    } else if (isObject(value)) {
      const keys = Object.keys(value)
      if (!keys.length) parts.push(`${key}=`)
      for (const sub of keys) walk(`${key}[${encodeKey(sub)}]`, value[sub]!)
    } else parts.push(`${key}=${scalar(value)}`)
  }
  for (const [key, value] of Object.entries(entries)) walk(encodeKey(key), value)
  return parts.join('&')
}

function isObject(value: Wire): value is { [key: string]: Wire } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Raw)
}
