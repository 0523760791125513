/**
 * The JSON text of kept serializations (keepSerialization: deep-frozen objects, the same until a write),
 * written once: a list's kept event objects were otherwise stringified again for every request (a tenth
 * of the busy time of a category list of 50 events with the document cache on).
 */
const texts = new WeakMap<object, string>()

/** Marks a deep-frozen object as kept with its JSON text (keepSerialization, which counts it against the document cache's bound). */
export function markKept<T extends object>(value: T, text: string): T {
  texts.set(value, text)
  return value
}

/** The text a kept object was marked with, if it is one. */
const keptText = (value: unknown): string | undefined => (typeof value === 'object' && value !== null ? texts.get(value) : undefined)

const hasToJson = (value: object) => typeof (value as { toJSON?: unknown }).toJSON === 'function'

/**
 * Exactly JSON.stringify(body), with the text of each kept object written once: the body itself, or
 * an item of an array that is one of its properties (a list's events). Other bodies are stringified as
 * they are.
 */
export function answerJson(body: unknown): string {
  if (body === null || typeof body !== 'object') return JSON.stringify(body)
  const text = keptText(body)
  if (text !== undefined) return text
  if (Array.isArray(body) || hasToJson(body)) return JSON.stringify(body)
  if (!Object.values(body).some((value) => Array.isArray(value) && value.some((item) => keptText(item) !== undefined))) return JSON.stringify(body)
  // As JSON.stringify writes an object: own enumerable keys in order, undefined (and functions) left out.
  const parts: string[] = []
  for (const [key, value] of Object.entries(body)) {
    const written =
      Array.isArray(value) && !hasToJson(value)
        ? `[${value.map((item) => keptText(item) ?? JSON.stringify(item) ?? 'null').join(',')}]`
        : JSON.stringify(value)
    if (written !== undefined) parts.push(`${JSON.stringify(key)}:${written}`)
  }
  return `{${parts.join(',')}}`
}
