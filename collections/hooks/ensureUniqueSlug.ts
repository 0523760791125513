import type { CollectionSlug, FieldHook } from 'payload'
import { toSlug } from './toSlug.js'

/**
 * Field hook for `slug`: derive it from `source` when empty, then append -2, -3… until no other
 * document of the collection has it (WordPress's wp_unique_post_slug).
 */
export function ensureUniqueSlug(source: string): FieldHook {
  return async ({ value, data, originalDoc, collection, req }) => {
    const given = typeof value === 'string' ? toSlug(value) : ''
    const base = given || toSlug(String(data?.[source] ?? originalDoc?.[source] ?? '')) || 'untitled'
    if (!collection) return base
    if (originalDoc?.slug === base) return base
    const taken = await req.payload.find({
      collection: collection.slug as CollectionSlug,
      where: { slug: { like: base } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      trash: true,
      select: { slug: true },
      req,
    })
    const used = new Set(
      taken.docs.filter((doc) => doc.id !== originalDoc?.id).map((doc) => (doc as { slug?: string }).slug),
    )
    if (!used.has(base)) return base
    let n = 2
    while (used.has(`${base}-${n}`)) n++
    return `${base}-${n}`
  }
}
