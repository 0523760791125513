import { EVENTS } from '../../../collections/slugs.js'
import { ParamError } from '../../errors/ParamError.js'
import { existingIdArg, existingIdListArg } from '../../params/existingIds.js'
import { booleanArg, stringArg } from '../../params/kinds.js'
import { pageArgs } from '../../params/pageArgs.js'
import type { Param, ParamSpecs, Params } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/** What `orderby` accepts (WordPress's get_terms orderby values, reference 9.1), lowercased. */
export const TERM_ORDERBY = ['name', 'id', 'slug', 'count', 'description', 'parent', 'term_group', 'include', 'include_slugs'] as const
export type TermOrderby = (typeof TERM_ORDERBY)[number]

/** A non-empty string, lowercased, that must be one of `allowed` (get_terms compares lowercased). */
function choiceArg<const C extends string>(description: string, allowed: readonly C[]): Param<C> {
  const text = stringArg({ description, maxLength: 50 })
  const isAllowed = (value: string): value is C => (allowed as readonly string[]).includes(value)
  return {
    ...text,
    parse: (raw, ctx, name) => {
      const value = text.parse(raw, ctx, name).trim().toLowerCase()
      if (!isAllowed(value)) throw new ParamError()
      return value
    },
  }
}

/** Existing terms of the taxonomy, CSV or array; an empty list names none and fails (TEC's is_term_of_taxonomy). */
function termListArg(tax: TaxonomyDef, description: string): Param<Promise<number[]>> {
  const list = existingIdListArg(tax.collection, { description })
  return {
    ...list,
    parse: async (raw, ctx, name) => {
      const ids = await list.parse(raw, ctx, name)
      if (!ids.length) throw new ParamError()
      return ids
    },
  }
}

/**
 * GET /categories and GET /tags (reference 9.1, TEC's Archive_Category / Archive_Tag args in their
 * order). `parent` exists for categories only; `event` is an alias of `post` and wins over it.
 */
export function termArchiveParams(tax: TaxonomyDef) {
  return {
    ...pageArgs(tax.texts.perPage),
    search: stringArg({ description: 'Limit results to those matching a string', maxLength: 200 }),
    exclude: termListArg(tax, 'Ensure result set exclude specific IDs'),
    include: termListArg(tax, 'Limit result set to specific IDs'),
    order: choiceArg('Order sort attribute ascending or descending', ['asc', 'desc']),
    orderby: choiceArg('Sort collection by term attribute', TERM_ORDERBY),
    hide_empty: booleanArg({ description: 'Whether to hide terms not assigned to any posts', default: '1' }),
    ...(tax.hierarchical
      ? { parent: existingIdArg(tax.collection, { description: 'Limit result set to terms assigned to a specific parent' }) }
      : {}),
    post: existingIdArg(EVENTS, { description: 'Limit result set to terms assigned to a specific post' }),
    event: existingIdArg(EVENTS, {
      description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
    }),
    slug: stringArg({ description: 'Limit result set to terms with a specific slug', maxLength: 200 }),
  } satisfies ParamSpecs
}

/** A term archive's parsed parameters (`parent` for categories only). */
export type TermArchiveValues = Params<ReturnType<typeof termArchiveParams>>
