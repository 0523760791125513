import { existingIdArg } from '../../params/existingIds.js'
import { stringArg } from '../../params/kinds.js'
import type { ParamSpecs, Params } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The fields of a term write (reference 9.3, TEC's CREATE_args): `name` (required on create),
 * `description`, `slug` and, for categories, `parent` (an existing category). Each must be
 * non-empty when sent. Names and slugs are bounded like WordPress's 200-character columns.
 */
export function termWriteParams(tax: TaxonomyDef, options: { create: boolean }) {
  return {
    name: stringArg({ description: tax.texts.name, required: options.create, maxLength: 200 }),
    description: stringArg({ description: tax.texts.description }),
    slug: stringArg({ description: tax.texts.slug, maxLength: 200 }),
    ...(tax.hierarchical && tax.texts.parent ? { parent: existingIdArg(tax.collection, { description: tax.texts.parent }) } : {}),
  } satisfies ParamSpecs
}

/** A term write's parsed parameters (`parent` for categories only). */
export type TermWriteValues = Params<ReturnType<typeof termWriteParams>>

/** The `id` of the single-term routes: an existing term of this taxonomy, else 400 (reference 9.2). */
export function termIdParam(tax: TaxonomyDef) {
  return { id: existingIdArg(tax.collection, { description: tax.texts.id, required: true }) }
}
