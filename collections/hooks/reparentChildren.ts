import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

/**
 * beforeDelete (categories): the children of a deleted category move up to its parent, as WordPress's
 * wp_delete_term does, whichever entry point deletes it (the namespace, /api, the admin).
 */
export const reparentChildren: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  const slug = collection.slug as CollectionSlug
  const doomed = await req.payload.findByID({ collection: slug, id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!doomed) return
  const parent = (doomed as { parent?: number | { id: number } | null }).parent
  await req.payload.update({
    collection: slug,
    where: { parent: { equals: id } },
    data: { parent: (parent && typeof parent === 'object' ? parent.id : parent) ?? null },
    depth: 0,
    overrideAccess: true,
    req,
  })
}
