import type { CollectionSlug, FieldHook } from 'payload'
import { toSlug } from './toSlug.js'

const TRASHED = '__trashed'

/**
 * Field hook for `slug` (WordPress's wp_unique_post_slug): derive it from `source` when empty,
 * append -2, -3… until no other document of the collection has it, and mark trashed documents with
 * `__trashed` (removed again when they are restored).
 */
export function ensureUniqueSlug(source: string): FieldHook {
  return async ({ value, data, originalDoc, collection, req }) => {
    const given = typeof value === 'string' ? toSlug(value.replace(/__trashed(-\d+)?$/, '')) : ''
    const base = given || toSlug(String(data?.[source] ?? originalDoc?.[source] ?? '')) || 'untitled'
    const deletedAt = data && 'deletedAt' in data ? data.deletedAt : originalDoc?.deletedAt
    const suffix = deletedAt ? TRASHED : ''
    if (!collection) return `${base}${suffix}`
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
    let candidate = base
    for (let n = 2; used.has(`${candidate}${suffix}`); n++) candidate = `${base}-${n}`
    return `${candidate}${suffix}`
  }
}
