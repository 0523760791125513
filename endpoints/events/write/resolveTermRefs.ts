import type { Where } from 'payload'
import { toSlug } from '../../../collections/hooks/toSlug.js'
import { CATEGORIES, TAGS } from '../../../collections/slugs.js'
import { createNamedTerm, termRows, type TermRow } from '../../data/index.js'
import { mayWriteTerms } from '../../permissions/index.js'
import type { RequestContext } from '../../types.js'
import { lockForCreation } from '../../write/lockForCreation.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { TermRef } from '../params/termRefsArg.js'

/** The terms a list of refs names, and the names that matched none (those the caller may create). */
export interface TermLookup {
  terms: TermRow[]
  missing: string[]
}

const sameText = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase()
const byName = (terms: TermRow[], name: string) => terms.find((t) => sameText(t.slug, name) || sameText(t.name, name)) ?? terms.find((t) => t.slug === toSlug(name))
const namesOf = (refs: TermRef[]) => refs.filter((r): r is string => typeof r === 'string').map((n) => n.trim())

/**
 * The terms `refs` name, read as the caller: one query (two when a name matches nothing exactly).
 * Names compare without case, as WordPress's term_exists() does; the few left unmatched are looked
 * up once more with `like` (case-insensitive on every adapter), and sameText decides. `missing` lists
 * the names still unmatched when the caller may create terms (else none: they are skipped).
 */
export async function lookupTermRefs(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, refs: TermRef[]): Promise<TermLookup> {
  const ids = refs.filter((r): r is number => typeof r === 'number')
  const names = namesOf(refs)
  const slugs = [...new Set([...names.map((n) => n.toLowerCase()), ...names.map(toSlug)])].filter(Boolean)
  const find = (where: Where, limit = 0) => termRows(ctx, collection, where, limit)
  const exact: Where[] = []
  if (ids.length) exact.push({ id: { in: ids } })
  if (names.length) exact.push({ slug: { in: slugs } }, { name: { in: names } })
  const terms = await find({ or: exact })
  const unmatched = names.filter((name) => !byName(terms, name))
  if (unmatched.length) terms.push(...(await find({ or: unmatched.map((name): Where => ({ name: { like: name } })) }, 200)))
  return { terms, missing: mayWriteTerms(ctx) ? names.filter((name) => !byName(terms, name)) : [] }
}

/** The lock keys of term names a write may create (see lockForCreation). */
export const termLocks = (collection: typeof CATEGORIES | typeof TAGS, names: string[]) => names.map((name) => [collection, toSlug(name)] as const)

/**
 * The term IDs for `categories` / `tags` as sent (reference 6.3), in the order given: an unknown ID is
 * silently skipped; a slug or name that exists resolves to that term (docs/api.md, deliberate difference 4: the
 * reference creates a bogus tag named after the ID); an unknown name creates the term when the caller
 * may manage terms. A contributor's unknown name is skipped instead: creating terms needs manage_terms
 * (reference section 2), and failing the whole event over a tag would lose the write.
 * `looked` is a lookup made earlier in the same transaction: when it found every name, it is the
 * answer; otherwise the missing names are locked and everything is looked up again (another writer
 * may have created them meanwhile), then what is still missing is created, one create per term.
 */
export async function resolveTermRefs(
  ctx: RequestContext,
  collection: typeof CATEGORIES | typeof TAGS,
  refs: TermRef[],
  created: CreatedDocs,
  looked?: TermLookup,
): Promise<number[]> {
  if (!refs.length) return []
  let lookup = looked
  if (!lookup || lookup.missing.length) {
    const mayCreate = mayWriteTerms(ctx)
    if (mayCreate) await lockForCreation(ctx, termLocks(collection, lookup ? lookup.missing : namesOf(refs)))
    lookup = await lookupTermRefs(ctx, collection, refs)
  }
  const { terms, missing } = lookup
  const result: number[] = []
  for (const ref of refs) {
    if (typeof ref === 'number') {
      if (terms.some((t) => t.id === ref)) result.push(ref)
      continue
    }
    let term = byName(terms, ref)
    if (!term && missing.includes(ref.trim())) {
      term = await createNamedTerm(ctx, collection, ref.trim())
      created.add(collection, term.id)
      terms.push(term)
    }
    if (term) result.push(term.id)
  }
  return [...new Set(result)]
}
