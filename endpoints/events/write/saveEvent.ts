import { EVENTS } from '../../../collections/slugs.js'
import type { EventDoc } from '../../serializers/docs.js'
import type { Params, RequestContext } from '../../types.js'
import { CreatedDocs } from './CreatedDocs.js'
import { eventData } from './eventData.js'
import { resolveEventLinks } from './resolveEventLinks.js'

/**
 * Creates the event (or updates `previous`) as the caller: linked documents first, then the event.
 * If any step fails, whatever it created on the way is removed before the error goes on.
 */
export async function saveEvent(ctx: RequestContext, params: Params, sent: (name: string) => boolean, previous?: EventDoc): Promise<EventDoc> {
  const created = new CreatedDocs()
  try {
    const links = await resolveEventLinks(ctx, params, sent, created)
    const data = await eventData(ctx, params, sent, links, previous)
    const common = { collection: EVENTS, data, depth: 0, overrideAccess: false, user: ctx.user } as const
    // A trashed event can still be edited (reference 6.4).
    const doc = previous ? await ctx.payload.update({ ...common, id: previous.id, trash: true }) : await ctx.payload.create(common)
    return doc as unknown as EventDoc
  } catch (error) {
    await created.remove(ctx)
    throw error
  }
}
