import { EVENTS } from '../../../collections/slugs.js'
import { idsOf } from '../../data/documents.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The terms of the taxonomy that an event (already validated as visible) uses, read with the
 * caller's access: a password-protected event hides its terms from anonymous callers, as the event
 * itself does (reference section 10).
 */
export async function eventTermIds(ctx: RequestContext, tax: TaxonomyDef, eventId: number): Promise<number[]> {
  const found = await ctx.payload.find({
    collection: EVENTS,
    where: { id: { equals: eventId } },
    limit: 1,
    pagination: false,
    depth: 0,
    // The password flag, owner and status too: the field's read rule decides on them.
    select: { [tax.eventField]: true, hasPassword: true, author: true, status: true },
    overrideAccess: false,
    user: ctx.user,
  })
  const event = found.docs[0]
  return idsOf(event?.[tax.eventField])
}
