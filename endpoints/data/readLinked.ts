import type { RequestContext } from '../types.js'
import type { LinkedDoc, LinkedKind } from '../linked/LinkedKind.js'

/** One venue or organizer as the caller may read it (trashed ones included), or undefined. */
export async function readLinked(ctx: RequestContext, kind: LinkedKind, id: number): Promise<LinkedDoc | undefined> {
  const found = await ctx.payload.find({
    collection: kind.collection,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    trash: true,
    overrideAccess: false,
    user: ctx.user,
  })
  return found.docs[0]
}
