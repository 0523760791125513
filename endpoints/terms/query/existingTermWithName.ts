import type { Where } from 'payload'
import { pastAccess } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The ID of a term of the taxonomy with the same name, compared case-insensitively, under the same
 * parent for categories (WordPress's wp_insert_term duplicate check, reference 9.3). The database
 * narrows by substring; the exact comparison is made here, the same on every adapter.
 */
export async function existingTermWithName(ctx: RequestContext, tax: TaxonomyDef, name: string, parent?: number): Promise<number | undefined> {
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
  const wanted = name.toLowerCase()
  return found.docs.find((doc) => doc.name.toLowerCase() === wanted)?.id
}
