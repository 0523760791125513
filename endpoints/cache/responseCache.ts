import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import { resolveOptions } from '../../src/options.js'
import { storedDataCache } from './storedDataCaches.js'

export interface CachedResponse {
  status: number
  /** The namespace keeps its bodies encoded, so a hit writes the bytes as they are. */
  body: string | Buffer
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
 * calendar options say (cacheMaxMb, cacheTtlSeconds). Undefined when cacheTtlSeconds is 0, and while
 * writes of other processes could go unseen (cachesInSync). Writes empty it: this process's through
 * collection hooks (see invalidateResponseCache), other processes' through the database (see
 * watchDatabaseWrites).
 */
export function responseCacheFor(payload: Payload): ResponseCache | undefined {
  return storedDataCache(caches, payload, () => {
    const { cacheTtlSeconds, cacheMaxMb } = resolveOptions(payload.config.custom?.calendar)
    if (cacheTtlSeconds <= 0) return null
    return {
      store: new LRUCache<string, CachedResponse>({
        maxSize: Math.max(1, cacheMaxMb) * 1024 * 1024,
        sizeCalculation: (entry, key) => entry.body.length + key.length + 200,
        ttl: cacheTtlSeconds * 1000,
      }),
      generation: 0,
    }
  })
}
