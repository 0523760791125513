/** An occurrence's form values: title, and start and end as date-time inputs hold them (dates, all day). */
export interface OccurrenceValues {
  title: string
  start: string
  end: string
}

/** The namespace's write fields for an occurrence: dates as wall clocks in the event's zone. */
export interface OccurrencePatch {
  title?: string
  start_date?: string
  end_date?: string
}

export type Scope = 'this' | 'following'

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** "2027-03-18T19:30" → "2027-03-18 19:30:00" (the namespace reads it in the event's zone); a date as it is. */
export function wireDate(input: string, allDay: boolean): string | null {
  if (allDay) return DATE.test(input) ? input : null
  const match = DATE_TIME.exec(input)
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : null
}

/**
 * What the dialog sends for an occurrence: only the fields the editor changed (so "this and following"
 * does not copy this occurrence's dates onto the rest when only the title changed), or why not.
 * A changed start sends the end along, so the server reads the two together.
 */
export function occurrenceChanges(initial: OccurrenceValues, values: OccurrenceValues, allDay: boolean): { patch: OccurrencePatch } | { error: string } {
  const title = values.title.trim()
  if (!title) return { error: 'The title cannot be empty.' }
  const start = wireDate(values.start, allDay)
  const end = wireDate(values.end, allDay)
  if (!start) return { error: allDay ? 'The start must be a date.' : 'The start must be a date and a time.' }
  if (!end) return { error: allDay ? 'The end must be a date.' : 'The end must be a date and a time.' }
  if (end < start) return { error: 'The end cannot be before the start.' }
  const patch: OccurrencePatch = {}
  if (title !== initial.title.trim()) patch.title = title
  if (values.start !== initial.start) patch.start_date = start
  if (values.end !== initial.end || values.start !== initial.start) patch.end_date = end
  if (!Object.keys(patch).length) return { error: 'Nothing was changed.' }
  return { patch }
}

/** The namespace URL of an occurrence, with the scope of a write. */
export function occurrenceUrl(namespace: string, provisionalId: number, scope?: Scope): string {
  return `${namespace}/events/${provisionalId}${scope ? `?scope=${scope}` : ''}`
}
