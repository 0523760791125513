// RFC 5545 content lines as a recurring event stores them: no dependency, so the admin's editor (in
// the browser) reads lines exactly as the server does.

/** One content line: `NAME;PARAM=V;…:VALUE`, names and parameter names upper-cased. */
export interface ContentLine {
  name: string
  params: Map<string, string>
  value: string
}

/** `NAME;PARAM=V;…:VALUE` split into its parts (the value trimmed), or null when it is not one. */
export function splitLine(line: string): ContentLine | null {
  const m = /^([A-Za-z-]+)((?:;[A-Za-z-]+=(?:"[^"]*"|[^;:"]*))*):(.*)$/.exec(line.trim())
  if (!m) return null
  const params = new Map<string, string>()
  for (const p of m[2]!.split(';').slice(1)) {
    const eq = p.indexOf('=')
    params.set(p.slice(0, eq).toUpperCase(), p.slice(eq + 1).replace(/^"|"$/g, ''))
  }
  return { name: m[1]!.toUpperCase(), params, value: m[3]!.trim() }
}

/** An event's recurrence lines, or [] when it repeats not: a list of strings, or one string of lines; null when neither. */
export function recurrenceLines(value: unknown): string[] | null {
  if (value === null || value === undefined || value === '') return []
  const list = typeof value === 'string' ? value.split(/\r?\n/) : value
  if (!Array.isArray(list) || !list.every((line) => typeof line === 'string')) return null
  return list.map((line) => line.trim()).filter(Boolean)
}
