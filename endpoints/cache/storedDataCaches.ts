import type { Payload } from 'payload'

interface Caches {
  /** Empties one in-memory cache whose content comes from stored data. */
  emptiers: Set<() => void>
  /**
   * False while writes of other processes could go unseen (the database's change signal is down, or was
   * stopped at shutdown): caches then neither answer nor keep anything.
   */
  inSync: boolean
}

const registry = new WeakMap<Payload, Caches>()

function cachesOf(payload: Payload): Caches {
  let caches = registry.get(payload)
  if (!caches) {
    caches = { emptiers: new Set(), inSync: true }
    registry.set(payload, caches)
  }
  return caches
}

/** Registers a cache of stored data (responses, linked documents, …) to be emptied on every write. */
export function onStoredDataChange(payload: Payload, empty: () => void): void {
  cachesOf(payload).emptiers.add(empty)
}

/** A write happened (here, or in another process on the same database): every registered cache goes. */
export function storedDataChanged(payload: Payload): void {
  for (const empty of cachesOf(payload).emptiers) empty()
}

/** Whether this process sees every write of the others right now (see watchDatabaseWrites). */
export function cachesInSync(payload: Payload): boolean {
  return cachesOf(payload).inSync
}

export function setCachesInSync(payload: Payload, inSync: boolean): void {
  cachesOf(payload).inSync = inSync
}

/** A cache of stored data: its entries, and a generation every write bumps. */
export interface GenerationCache {
  store: { clear(): void }
  /** What was computed across a write (the generation changed meanwhile) is not kept. */
  generation: number
}

/**
 * The cache of `payload` in `registry`, made by `create` the first time (null: this instance has none)
 * and emptied by every write; undefined while writes of other processes could go unseen.
 */
export function storedDataCache<C extends GenerationCache>(registry: WeakMap<Payload, C | null>, payload: Payload, create: () => C | null): C | undefined {
  let cache = registry.get(payload)
  if (cache === undefined) {
    cache = create()
    const created = cache
    if (created) {
      onStoredDataChange(payload, () => {
        created.generation++
        created.store.clear()
      })
    }
    registry.set(payload, cache)
  }
  return cache && cachesInSync(payload) ? cache : undefined
}
