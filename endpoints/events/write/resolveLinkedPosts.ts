import type { LinkedKind } from '../../linked/LinkedKind.js'
import { findOrCreateLinked } from '../../linked/write/findOrCreateLinked.js'
import type { RequestContext } from '../../types.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { LinkedRef } from '../params/linkedPostsArg.js'

/**
 * The IDs of the venues (organizers) of an event write, in the order sent: IDs as they are; inline
 * objects found or created exactly as POST /venues (/organizers) would (findOrCreateLinked). Runs
 * after the permission check; what it creates is recorded in `created`.
 */
export async function resolveLinkedPosts(ctx: RequestContext, kind: LinkedKind, refs: LinkedRef[], created: CreatedDocs): Promise<number[]> {
  const ids: number[] = []
  for (const ref of refs) {
    if ('id' in ref) ids.push(ref.id)
    else ids.push((await findOrCreateLinked(ctx, kind, ref.inline, ref.given, (collection, id) => created.add(collection, id))).id)
  }
  return [...new Set(ids)]
}
