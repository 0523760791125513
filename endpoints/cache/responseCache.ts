import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { storedDataCache } from './storedDataCaches.js'

export interface CachedResponse {
  status: number
  /** The namespace keeps its bodies encoded, so a hit writes the bytes as they are. */
  body: string | Buffer
  etag: string
  headers: Record<string, string>
  /**
   * Recorded the first time the full pipeline replays the entry to a plain anonymous GET: the headers
   * it sent (as [name, value, …]), and the body in each encoding sent since
   * (src/http/replayCachedAnswers.ts).
   */
  replay?: { headers: string[]; encoded: Partial<Record<'br' | 'gzip', Buffer>> }
}

// Room for an entry's key, recorded headers and bookkeeping beside its bodies.
const ENTRY_OVERHEAD = 1200

/** What an entry holds in bytes, counting the encoded copies a replay added. */
function entrySize(entry: CachedResponse, key: string): number {
  const encoded = entry.replay ? (entry.replay.encoded.br?.length ?? 0) + (entry.replay.encoded.gzip?.length ?? 0) : 0
  return entry.body.length + encoded + key.length + ENTRY_OVERHEAD
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
export function responseCacheFor(payload: Payload, options: Pick<ResolvedCalendarOptions, 'cacheTtlSeconds' | 'cacheMaxMb'>): ResponseCache | undefined {
  return storedDataCache(caches, payload, () => {
    const { cacheTtlSeconds, cacheMaxMb } = options
    if (cacheTtlSeconds <= 0) return null
    return {
      store: new LRUCache<string, CachedResponse>({
        maxSize: Math.max(1, cacheMaxMb) * 1024 * 1024,
        sizeCalculation: entrySize,
        ttl: cacheTtlSeconds * 1000,
      }),
      generation: 0,
    }
  })
}
