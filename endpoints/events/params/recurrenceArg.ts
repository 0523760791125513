import { ParamError } from '../../errors/ParamError.js'
import { base, type Kind } from '../../params/kinds.js'

/** The most lines, and the longest line, a write's `recurrence` may send. */
const MAX_LINES = 100
const MAX_LINE = 2000

/**
 * Extension (docs/api.md): a recurring event's RFC 5545 lines, as a list of strings or one string of
 * lines; an empty list or string makes the event single again. Whether the lines make a series is the
 * collection's rule (400 rest_invalid_param naming `recurrence`, with the reason), as on /api.
 */
export function recurrenceArg(description: string): Kind<string[], { description: string }> {
  return {
    ...base({ description }),
    items: { type: 'string' },
    parse: (raw) => {
      const list = typeof raw === 'string' ? raw.split(/\r?\n/) : raw
      if (!Array.isArray(list) || list.length > MAX_LINES) throw new ParamError()
      if (!list.every((line) => typeof line === 'string' && line.length <= MAX_LINE && !line.includes('\u0000'))) throw new ParamError()
      return (list as string[]).map((line) => line.trim()).filter(Boolean)
    },
  }
}
