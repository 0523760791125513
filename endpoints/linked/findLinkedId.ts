import type { Where } from 'payload'
import type { RequestContext } from '../types.js'
import type { LinkedKind } from './LinkedKind.js'

/**
 * The ID of the venue or organizer with an ID or slug, trashed ones included, read past access
 * control: the reference validates existence only (is_venue_id, is_venue_slug) and decides
 * visibility later (403). Nothing else is read.
 */
export async function findLinkedId(ctx: RequestContext, kind: LinkedKind, by: { id: number } | { slug: string }): Promise<number | undefined> {
  const where: Where = 'id' in by ? { id: { equals: by.id } } : { slug: { equals: by.slug } }
  const found = await ctx.payload.find({
    collection: kind.collection,
    where,
    limit: 1,
    pagination: false,
    depth: 0,
    trash: true,
    overrideAccess: true,
    select: {},
  })
  return found.docs[0]?.id as number | undefined
}
