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

const caches = new WeakMap<Payload, ResponseCache>()

/**
 * The anonymous-response cache of one Payload instance, bounded by bytes and by age as that instance's
 * calendar options say (cacheMaxMb, cacheTtlSeconds). Undefined when cacheTtlSeconds is 0. Writes
 * empty it through collection hooks (see invalidateResponseCache).
 */
export function responseCacheFor(payload: Payload): ResponseCache | undefined {
  let cache = caches.get(payload)
  if (!cache) {
    const { cacheTtlSeconds, cacheMaxMb } = resolveOptions(payload.config.custom?.calendar)
    if (cacheTtlSeconds <= 0) return undefined
    cache = {
      store: new LRUCache<string, CachedResponse>({
        maxSize: Math.max(1, cacheMaxMb) * 1024 * 1024,
        sizeCalculation: (entry, key) => entry.body.length + key.length + 200,
        ttl: cacheTtlSeconds * 1000,
      }),
      generation: 0,
    }
    caches.set(payload, cache)
  }
  return cache
}
