import type { Where } from 'payload'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'
import { pastAccess } from './privileged.js'

/** The terms of the taxonomy whose name contains `name` (under `parent` for categories), past access control: ID and name. */
export async function termsWithNameLike(ctx: RequestContext, tax: TaxonomyDef, name: string, parent?: number) {
  const and: Where[] = [{ name: { contains: name } }]
  if (tax.hierarchical) and.push(parent === undefined ? { parent: { exists: false } } : { parent: { equals: parent } })
  const found = await ctx.payload.find({
    collection: tax.collection,
    where: { and },
    pagination: false,
    depth: 0,
    select: { name: true },
    ...pastAccess('existingTermWithName'),
  })
  return found.docs
}

/** Whether another term of the taxonomy than `id` has the slug, past access control. */
export async function slugTaken(ctx: RequestContext, tax: TaxonomyDef, slug: string, id: number): Promise<boolean> {
  const { totalDocs } = await ctx.payload.count({
    collection: tax.collection,
    where: { and: [{ slug: { equals: slug } }, { id: { not_equals: id } }] },
    ...pastAccess('refuseDuplicateSlug'),
  })
  return totalDocs > 0
}
