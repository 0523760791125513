import type { LinkedKind } from '../../linked/LinkedKind.js'
import { findOrCreateLinked, linkedLock, lookupLinked, type LinkedLookup } from '../../linked/write/findOrCreateLinked.js'
import type { RequestContext } from '../../types.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { LinkedRef } from '../params/linkedPostsArg.js'

/** The lookup of each inline ref, in the order sent (undefined for IDs, and where a lookup would create). */
export function lookupLinkedPosts(ctx: RequestContext, kind: LinkedKind, refs: LinkedRef[]): Promise<Array<LinkedLookup | undefined>> {
  return Promise.all(refs.map((ref) => ('id' in ref ? undefined : lookupLinked(ctx, kind, ref.inline, ref.given))))
}

/**
 * The lock keys of the inline refs that may be created (see lockForCreation): those whose lookup found
 * no duplicate, and those not looked up (findOrCreateLinked takes the same lock again, at no wait).
 */
export function linkedLocks(kind: LinkedKind, refs: LinkedRef[], looked: Array<LinkedLookup | undefined>) {
  return refs.flatMap((ref, i) => {
    if ('id' in ref) return []
    const lookup = looked[i]
    if (lookup) return lookup.duplicate ? [] : linkedLock(kind, lookup.data.title)
    return linkedLock(kind, ref.inline[kind.name])
  })
}

/**
 * The IDs of the venues (organizers) of an event write, in the order sent: IDs as they are; inline
 * objects found or created exactly as POST /venues (/organizers) would (findOrCreateLinked), reusing
 * `looked` (lookupLinkedPosts, earlier in the same transaction). Runs after the permission check; what
 * it creates is recorded in `created`.
 */
export async function resolveLinkedPosts(
  ctx: RequestContext,
  kind: LinkedKind,
  refs: LinkedRef[],
  created: CreatedDocs,
  looked: Array<LinkedLookup | undefined> = [],
): Promise<number[]> {
  const ids: number[] = []
  for (const [i, ref] of refs.entries()) {
    if ('id' in ref) ids.push(ref.id)
    else ids.push((await findOrCreateLinked(ctx, kind, ref.inline, ref.given, (collection, id) => created.add(collection, id), looked[i])).id)
  }
  return [...new Set(ids)]
}
