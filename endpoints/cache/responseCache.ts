import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import { resolveOptions } from '../../src/options.js'

export interface CachedResponse {
  status: number
  body: string
  etag: string
  headers: Record<string, string>
}

export interface ResponseCache {
  store: LRUCache<string, CachedResponse>
  /** Bumped by every write; an answer computed across a write is not stored. */
  generation: number
}

// Null for an instance whose options turn the cache off.
const caches = new WeakMap<Payload, ResponseCache | null>()

/**
 * The anonymous-response cache of one Payload instance, bounded by bytes and by age as that instance's
 * calendar options say (cacheMaxMb, cacheTtlSeconds). Undefined when cacheTtlSeconds is 0. Writes
 * empty it through collection hooks (see invalidateResponseCache).
 */
export function responseCacheFor(payload: Payload): ResponseCache | undefined {
  let cache = caches.get(payload)
  if (cache === undefined) {
    const { cacheTtlSeconds, cacheMaxMb } = resolveOptions(payload.config.custom?.calendar)
    cache = cacheTtlSeconds <= 0 ? null : {
      store: new LRUCache<string, CachedResponse>({
        maxSize: Math.max(1, cacheMaxMb) * 1024 * 1024,
        sizeCalculation: (entry, key) => entry.body.length + key.length + 200,
        ttl: cacheTtlSeconds * 1000,
      }),
      generation: 0,
    }
    caches.set(payload, cache)
  }
  return cache ?? undefined
}
