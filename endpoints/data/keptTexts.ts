import { keepSerialization, keptSerialization, keptSerializations } from '../cache/keptSerializations.js'
import type { RequestContext } from '../types.js'
import type { Unlock } from './loadEvents.js'

/** Texts written per event (an iCal feed's VEVENTs), kept until the next write. */
export interface KeptTexts {
  get(id: number): string | undefined
  set(id: number, text: string): void
}

/** The public's texts of one kind, kept beside its event objects until the next write; none for other callers. */
export function keptTexts(ctx: RequestContext, unlock: Unlock, kind: string): KeptTexts | undefined {
  const kept = keptSerializations(ctx, unlock, kind)
  if (!kept) return undefined
  return {
    get: (id) => (keptSerialization(kept, id) as { text: string } | undefined)?.text,
    set: (id, text) => void keepSerialization(kept, id, { text }),
  }
}
