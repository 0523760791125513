/**
 * The JSON text of kept serializations (keepSerialization: deep-frozen objects, the same until a write),
 * written once: a list's kept event objects were otherwise stringified again for every request (a tenth
 * of the busy time of a category list of 50 events with the document cache on).
 */
const kept = new WeakSet<object>()
const texts = new WeakMap<object, string>()

/**
 * Marks a deep-frozen object whose JSON text may be written once and reused; `text`, when given, is
 * that text already written (keepSerialization, which counts it against the document cache's bound).
 */
export function markKept<T extends object>(value: T, text?: string): T {
  kept.add(value)
  if (text !== undefined) texts.set(value, text)
  return value
}

function keptText(value: object): string {
  let text = texts.get(value)
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)))
  return text
}

const hasToJson = (value: object) => typeof (value as { toJSON?: unknown }).toJSON === 'function'

/**
 * Exactly JSON.stringify(body), with the text of each kept object written once: the body itself, or
 * an item of an array that is one of its properties (a list's events). Other bodies are stringified as
 * they are.
 */
export function answerJson(body: unknown): string {
  if (body === null || typeof body !== 'object') return JSON.stringify(body)
  if (kept.has(body)) return keptText(body)
  if (Array.isArray(body) || hasToJson(body)) return JSON.stringify(body)
  const values = Object.values(body)
  if (!values.some((value) => Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null && kept.has(item)))) {
    return JSON.stringify(body)
  }
  // As JSON.stringify writes an object: own enumerable keys in order, undefined (and functions) left out.
  const parts: string[] = []
  for (const [key, value] of Object.entries(body)) {
    const text =
      Array.isArray(value) && !hasToJson(value)
        ? `[${value.map((item) => (typeof item === 'object' && item !== null && kept.has(item) ? keptText(item) : (JSON.stringify(item) ?? 'null'))).join(',')}]`
        : JSON.stringify(value)
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${parts.join(',')}}`
}
