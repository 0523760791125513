import type { Where } from 'payload'
import type { Event } from './documents.js'
import { EVENTS } from '../../collections/slugs.js'
import { readVisible } from './readVisible.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'
import type { RequestContext } from '../types.js'
import { eventIdPage, type IdPageQuery } from './eventIdPage.js'

/**
 * One page of the archive and its total. On SQL databases the page's IDs and the total come from
 * eventIdPage (the archive's conditions and the caller's read access, without Payload's join over
 * the whole window); the events are then read by those IDs alone with the caller's access (the
 * archive's where again would walk the date window once more), through readVisible and so, for the
 * public, the document cache. Elsewhere (MongoDB, a query eventIdPage does not cover) the Local API
 * answers alone, with `where`.
 */
export async function findEventPage(ctx: RequestContext, query: IdPageQuery & { where: Where }): Promise<{ docs: Event[]; totalDocs: number }> {
  const read = { collection: EVENTS, sort: query.sort, depth: 0, select: WITHOUT_RICH_TEXT, trash: query.trash, overrideAccess: false, user: ctx.user } as const
  const page = await eventIdPage(ctx, query)
  if (!page) return ctx.payload.find({ ...read, where: query.where, page: query.page, limit: query.limit })
  if (!page.ids.length) return { docs: [], totalDocs: page.total }
  const found = await readVisible(ctx, EVENTS, page.ids.map(Number), { select: WITHOUT_RICH_TEXT, trash: query.trash })
  return { docs: page.ids.flatMap((id) => found.get(Number(id)) ?? []), totalDocs: page.total }
}
