import type { Where } from 'payload'
import { EVENTS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'
import type { LinkedKind } from '../linked/LinkedKind.js'

/**
 * The distinct venue (or organizer) IDs linked from the events matching `where`: one query whatever
 * the number of events. `asCaller` applies the caller's read access to the events; without it the
 * events are read past access control and only the IDs come back.
 */
export async function linkedIdsOfEvents(ctx: RequestContext, kind: LinkedKind, where: Where, asCaller: boolean): Promise<number[]> {
  const found = await ctx.payload.findDistinct({
    collection: EVENTS,
    field: kind.eventField,
    where,
    depth: 0,
    ...(asCaller ? { overrideAccess: false, user: ctx.user } : pastAccess('linkedIdsOfEvents')),
  })
  const ids = found.values.map((row) => (row as Record<string, unknown>)[kind.eventField])
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))]
}
