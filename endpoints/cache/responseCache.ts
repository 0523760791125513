import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import { env } from '../../src/env.js'
import { cachesInSync, onStoredDataChange } from './storedDataCaches.js'

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
 * The anonymous-response cache of one Payload instance, bounded by bytes and by age. Undefined when
 * CACHE_TTL_SECONDS is 0, and while writes of other processes could go unseen (cachesInSync). Writes
 * empty it: this process's through collection hooks (see invalidateResponseCache), other processes'
 * through the database (see watchDatabaseWrites).
 */
export function responseCacheFor(payload: Payload): ResponseCache | undefined {
  if (env.CACHE_TTL_SECONDS <= 0) return undefined
  let cache = caches.get(payload)
  if (!cache) {
    cache = {
      store: new LRUCache<string, CachedResponse>({
        maxSize: Math.max(1, env.CACHE_MAX_MB) * 1024 * 1024,
        sizeCalculation: (entry, key) => entry.body.length + key.length + 200,
        ttl: env.CACHE_TTL_SECONDS * 1000,
      }),
      generation: 0,
    }
    const created = cache
    onStoredDataChange(payload, () => {
      created.generation++
      created.store.clear()
    })
    caches.set(payload, cache)
  }
  return cachesInSync(payload) ? cache : undefined
}
