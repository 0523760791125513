import { EVENTS } from '../../../collections/slugs.js'
import { readOneVisible } from '../../data/index.js'
import { relationIds } from '../../../collections/relationIds.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The terms of the taxonomy that an event (already validated as visible) uses, read with the
 * caller's access: a password-protected event hides its terms from anonymous callers, as the event
 * itself does (reference section 10).
 */
export async function eventTermIds(ctx: RequestContext, tax: TaxonomyDef, eventId: number): Promise<number[]> {
  const event = await readOneVisible(ctx, EVENTS, eventId, {
    // The password flag, owner and status too: the field's read rule decides on them.
    select: { [tax.eventField]: true, hasPassword: true, author: true, status: true },
  })
  return relationIds(event?.[tax.eventField])
}
