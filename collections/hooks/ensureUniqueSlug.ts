import type { CollectionSlug, FieldHook, PayloadRequest, Where } from 'payload'
import { toSlug } from './toSlug.js'

const TRASHED = '__trashed'

async function slugsLike(req: PayloadRequest, collection: CollectionSlug, where: Where, self: unknown): Promise<Set<string>> {
  const taken = await req.payload.find({
    collection,
    where,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    trash: true,
    select: { slug: true },
    req,
  })
  return new Set(taken.docs.filter((doc) => doc.id !== self).map((doc) => (doc as { slug?: string }).slug as string))
}

const untrashed = (slug: unknown) => (typeof slug === 'string' ? toSlug(slug.replace(/__trashed(-\d+)?$/, '')) : '')

/**
 * Field hook for `slug` (WordPress's wp_unique_post_slug): derive it from `source` when empty,
 * append -2, -3… until no other document of the collection has it, and mark trashed documents with
 * `__trashed` (removed again when they are restored). A new slug other than the one derived from
 * `source` (the admin fills that one in) was typed: the post keeps it as its post name even as a
 * draft (`slugGiven`, see wireSlug).
 */
export function ensureUniqueSlug(source: string): FieldHook {
  return async ({ value, data, originalDoc, collection, req }) => {
    const given = untrashed(value)
    const derived = toSlug(String(data?.[source] ?? originalDoc?.[source] ?? ''))
    const base = given || derived || 'untitled'
    const recordsGiven = collection?.fields.some((field) => 'name' in field && field.name === 'slugGiven')
    if (recordsGiven && data && given && given !== derived && given !== untrashed(originalDoc?.slug)) data.slugGiven = true
    const deletedAt = data && 'deletedAt' in data ? data.deletedAt : originalDoc?.deletedAt
    const suffix = deletedAt ? TRASHED : ''
    if (!collection) return `${base}${suffix}`
    const slug = collection.slug as CollectionSlug
    // Usually the slug is free: one indexed lookup. Only a clash reads the slugs that start alike.
    const exact = await slugsLike(req, slug, { slug: { equals: `${base}${suffix}` } }, originalDoc?.id)
    if (!exact.size) return `${base}${suffix}`
    const used = await slugsLike(req, slug, { slug: { like: base } }, originalDoc?.id)
    let candidate = base
    for (let n = 2; used.has(`${candidate}${suffix}`); n++) candidate = `${base}-${n}`
    return `${candidate}${suffix}`
  }
}
