import type { RequestContext } from '../types.js'
import { markKept } from './answerJson.js'
import { type DocumentCache, documentCacheFor, keepDerived, keptDerived } from './documentCache.js'

/**
 * The public's serialized documents of one request, kept beside the documents they come from: an
 * event object depends only on the stored data and on the request's REST base (rest_url, the language
 * segment), so for an anonymous caller without a password it is the same until the next write.
 */
export interface KeptSerializations {
  cache: DocumentCache
  /** The cache's generation when the request began: nothing serialized after a write since is kept. */
  generation: number
  scope: string
}

/**
 * The kept serializations for `kind` (e.g. 'event-list', 'event-single'), taken before the request
 * reads anything; undefined for signed-in callers, inside a write, with `password` or `context=edit`.
 */
export function keptSerializations(ctx: RequestContext, unlock: { password?: string; context?: 'edit' }, kind: string): KeptSerializations | undefined {
  if (ctx.user || ctx.req || unlock.password !== undefined || unlock.context === 'edit') return undefined
  const cache = documentCacheFor(ctx.payload, ctx.options)
  return cache && { cache, generation: cache.generation, scope: `serialized:${kind}:${ctx.locale}:${ctx.base}` }
}

/** The kept object of document `id`, if any. */
export function keptSerialization(kept: KeptSerializations, id: number): object | undefined {
  return keptDerived(kept.cache, `${kept.scope}:${id}`)
}

/**
 * Keeps the object of document `id` (frozen), unless a write happened since the request began, with
 * its JSON text, written here once for every answer it is sent in (answerJson) and counted against the
 * cache's bound with it.
 */
export function keepSerialization<T extends object>(kept: KeptSerializations, id: number, value: T): T {
  if (kept.cache.generation !== kept.generation) return value
  const text = JSON.stringify(value)
  return markKept(keepDerived(kept.cache, `${kept.scope}:${id}`, value, kept.generation, 2 * text.length), text)
}
