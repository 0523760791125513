import { CATEGORIES, TAGS } from '../../../collections/slugs.js'
import { ParamError } from '../../errors/ParamError.js'
import { toId, toList } from '../../params/kinds.js'
import { termsNamed } from '../../data/index.js'
import type { Param } from '../../types.js'

/** A `categories` / `tags` filter as parsed: the terms' IDs, and the items as sent (for rest_url). */
export interface TermFilter {
  ids: number[]
  given: string[]
}

/**
 * `categories` / `tags` filters (reference 5.1): a CSV or array of term IDs, slugs or names; every
 * item must name an existing term (else 400); OR logic. Resolved to IDs in one query. Unlike the
 * reference, names filter too, not only slugs and IDs.
 */
export function termListArg(field: 'categories' | 'tags', description: string): Param<Promise<TermFilter>> {
  const collection = field === 'categories' ? CATEGORIES : TAGS
  return {
    description,
    items: { type: 'integer' },
    // IDs, slugs and names are all accepted: /doc says so (the index keeps the reference's integers).
    docItems: { type: 'string' },
    parse: async (raw, ctx) => {
      const list = toList(raw)
      if (!list?.length || list.length > 100 || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw new ParamError()
      const items = list.map(String)
      const ids = items.map(toId).filter((id): id is number => id !== null && id > 0)
      const terms = await termsNamed(ctx, collection, items, ids)
      const known = (item: string) => terms.some((t) => String(t.id) === item || t.slug === item || t.name === item)
      if (!items.every(known)) throw new ParamError()
      return { ids: terms.map((t) => t.id), given: items }
    },
  }
}
