import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { storedDataCache } from './storedDataCaches.js'

/** Kept for an ID the public may not read (a draft, a trashed post) or that does not exist. */
const HIDDEN = Symbol('hidden')

export interface DocumentCache {
  store: LRUCache<string, object | typeof HIDDEN>
  /** Bumped by every write; documents read across a write are not stored. */
  generation: number
}

// Null for an instance whose options turn the cache off.
const caches = new WeakMap<Payload, DocumentCache | null>()

/**
 * About what a document holds in memory, in bytes: two a character of its strings and keys, a few for
 * every other value. Counted by walking it rather than by its JSON, which every kept document and
 * event object would otherwise build once more only to measure it.
 */
function footprint(value: unknown): number {
  if (typeof value === 'string') return 2 * value.length + 16
  if (value === null || typeof value !== 'object') return 8
  let size = 16
  if (Array.isArray(value)) {
    for (const item of value) size += footprint(item)
    return size
  }
  // for…in allocates nothing per key (documents are plain objects, with no inherited keys).
  for (const key in value) size += 2 * key.length + footprint((value as Record<string, unknown>)[key])
  return size
}

/** What an entry counts against the cache's bound: its value, its key, `extra` bytes kept beside it. */
function entrySize(value: object | typeof HIDDEN, key: string, extra = 0): number {
  return (value === HIDDEN ? 0 : footprint(value)) + 2 * key.length + 100 + extra
}

/** Frozen, so a caller changing a shared document fails loudly instead of changing other answers. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/**
 * The public's calendar documents (events, venues, organizers, terms, images), as the Local API
 * answered an anonymous read (see readVisible), bounded by `documentCacheMb`. Exact rather than timed: every
 * write empties it, this process's through the collection hooks, other processes' through the
 * database (watchDatabaseWrites), so it needs a database with a write signal (SQLite, PostgreSQL); on
 * MongoDB entries expire after cacheTtlSeconds, the response cache's bound. Undefined when off, and
 * while writes of other processes could go unseen (cachesInSync).
 */
export function documentCacheFor(payload: Payload, options: Pick<ResolvedCalendarOptions, 'documentCacheMb' | 'cacheTtlSeconds'>): DocumentCache | undefined {
  return storedDataCache(caches, payload, () => {
    const { documentCacheMb, cacheTtlSeconds } = options
    // Known databases only (a stand-in Local API without one has nothing to invalidate by).
    const database: string | undefined = payload.db?.name
    const signalled = database === 'sqlite' || database === 'postgres'
    const ttl = signalled ? 0 : database === 'mongoose' ? cacheTtlSeconds * 1000 : 0
    if (documentCacheMb <= 0 || (!signalled && ttl <= 0)) return null
    return {
      store: new LRUCache<string, object | typeof HIDDEN>({
        maxSize: documentCacheMb * 1024 * 1024,
        sizeCalculation: (doc, key) => entrySize(doc, key),
        ...(ttl ? { ttl } : {}),
      }),
      generation: 0,
    }
  })
}

/**
 * The documents among `ids` from the cache, reading the others with `load` (which answers the visible
 * ones) and keeping what it found and what it did not, under `scope` (the collection and the read's
 * options). Always a new Map: callers may add to it.
 */
export async function readThrough<T extends { id: number }>(
  cache: DocumentCache,
  scope: string,
  ids: readonly number[],
  load: (ids: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const found = new Map<number, T>()
  const missing: number[] = []
  for (const id of new Set(ids)) {
    const kept = cache.store.get(`${scope}:${id}`)
    if (kept === undefined) missing.push(id)
    else if (kept !== HIDDEN) found.set(id, kept as T)
  }
  if (!missing.length) return found
  const generation = cache.generation
  const loaded = new Map((await load(missing)).map((doc) => [doc.id, doc]))
  const keep = cache.generation === generation
  for (const id of missing) {
    const doc = loaded.get(id)
    if (doc) found.set(id, keep ? deepFreeze(doc) : doc)
    if (keep) cache.store.set(`${scope}:${id}`, doc ?? HIDDEN)
  }
  return found
}

/**
 * A value derived from the stored data alone (a list's total for the public), kept under `key` like a
 * document: computed once, then again only after a write.
 */
export async function keptValue<T extends object>(cache: DocumentCache, key: string, compute: () => Promise<T>): Promise<T> {
  const kept = cache.store.get(key)
  if (kept !== undefined && kept !== HIDDEN) return kept as T
  const generation = cache.generation
  const value = await compute()
  if (cache.generation === generation) cache.store.set(key, deepFreeze(value))
  return value
}

/** A value kept by keepDerived, if any. */
export function keptDerived(cache: DocumentCache, key: string): object | undefined {
  const kept = cache.store.get(key)
  return kept === HIDDEN ? undefined : kept
}

/**
 * Keeps a value derived from documents read since `generation` (frozen), unless a write happened since:
 * it might come from what that write changed. `extraBytes`: what is kept beside it for as long as it
 * is (its JSON text, answerJson), counted against the cache's bound with it.
 */
export function keepDerived<T extends object>(cache: DocumentCache, key: string, value: T, generation: number, extraBytes = 0): T {
  if (cache.generation !== generation) return value
  cache.store.set(key, deepFreeze(value), { size: entrySize(value, key, extraBytes) })
  return value
}
