import type { Where } from 'payload'
import { CHANGES } from '../../collections/slugs.js'
import type { StoredChange } from '../changes/serialize/serializeChange.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

/** The ID of the newest change committed, 0 when there is none. */
export async function latestChangeId(ctx: RequestContext): Promise<number> {
  const found = await ctx.payload.find({ collection: CHANGES, sort: '-id', limit: 1, pagination: false, depth: 0, ...pastAccess('changeFeed') })
  return Number(found.docs[0]?.id ?? 0)
}

/**
 * The changes with `after` < ID <= `upTo`, oldest first, at most `limit`; `publicOnly`: only those
 * the public could see before or after (everyone else's changes are none of an anonymous caller's
 * business, and are not even counted).
 */
export async function findChanges(ctx: RequestContext, range: { after: number; upTo: number; limit: number; publicOnly: boolean }): Promise<StoredChange[]> {
  const clauses: Where[] = [{ id: { greater_than: range.after } }, { id: { less_than_equal: range.upTo } }]
  if (range.publicOnly) clauses.push({ or: [{ publicBefore: { equals: true } }, { publicAfter: { equals: true } }] })
  const found = await ctx.payload.find({
    collection: CHANGES,
    where: { and: clauses },
    sort: 'id',
    limit: range.limit,
    pagination: false,
    depth: 0,
    ...pastAccess('changeFeed'),
  })
  return found.docs as StoredChange[]
}
