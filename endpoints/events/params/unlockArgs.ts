import { stringArg } from '../../params/kinds.js'
import type { Param } from '../../types.js'

// Only a string sent as one is a password; any other value unlocks nothing.
const sentString = (raw: unknown): string | undefined => (typeof raw === 'string' ? raw : undefined)

/**
 * `password` where the reference reads it without declaring it (GET /events, the feeds): the events
 * having that password are unlocked (reference 10).
 */
export const hiddenPasswordArg: Param<string | undefined> = { hidden: true, parse: sentString }

/** `password` of the single-event routes, declared by the reference: validated as a string (else 400). */
export function passwordArg(description: string): Param<string | undefined> {
  const text = stringArg({ description })
  return {
    ...text,
    parse: (raw, ctx, name) => {
      text.parse(raw, ctx, name)
      return sentString(raw)
    },
  }
}

/**
 * `context`, never declared by the reference: `edit` lets those who may change a protected event read
 * it without its password (reference 10); any other value is the default view.
 */
export const contextArg: Param<'edit' | undefined> = { hidden: true, parse: (raw) => (raw === 'edit' ? 'edit' : undefined) }
