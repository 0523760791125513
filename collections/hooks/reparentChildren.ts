import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'
import { relationId } from '../relationIds.js'

/**
 * beforeDelete (categories): the children of a deleted category move up to its parent, as WordPress's
 * wp_delete_term does, whichever entry point deletes it (the namespace, /api, the admin).
 */
export const reparentChildren: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  const slug = collection.slug as CollectionSlug
  const doomed = await req.payload.findByID({ collection: slug, id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!doomed) return
  await req.payload.update({
    collection: slug,
    where: { parent: { equals: id } },
    data: { parent: relationId((doomed as { parent?: unknown }).parent) ?? null },
    depth: 0,
    overrideAccess: true,
    req,
  })
}
