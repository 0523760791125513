import type { CollectionBeforeDeleteHook } from 'payload'
import { relationId } from '../relationIds.js'
import type { CATEGORIES } from '../slugs.js'

/**
 * beforeDelete (categories): the children of a deleted category move up to its parent, as WordPress's
 * wp_delete_term does, whichever entry point deletes it (the namespace, /api, the admin).
 */
export const reparentChildren: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  // Attached to hierarchical term collections only: categories (tags have no parent).
  const slug = collection.slug as typeof CATEGORIES
  const doomed = await req.payload.findByID({ collection: slug, id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!doomed) return
  await req.payload.update({
    collection: slug,
    where: { parent: { equals: id } },
    data: { parent: relationId(doomed.parent) ?? null },
    depth: 0,
    overrideAccess: true,
    req,
  })
}
