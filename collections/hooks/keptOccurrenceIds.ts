import type { PayloadRequest } from 'payload'
import { KEPT_OCCURRENCE_IDS } from '../slugs.js'
import { KEPT_ID_CEILING, reserveIds } from './reserveIds.js'

interface KeptRow {
  id: number | string
  originalStart: string
  occurrence: number
}

const keyOf = (start: string) => new Date(start).getTime()

/** The IDs kept for a series' occurrences, by original start (ms). */
export async function keptOccurrenceIds(req: PayloadRequest, series: number): Promise<Map<number, number>> {
  const rows = (await req.payload.db.find<KeptRow>({ collection: KEPT_OCCURRENCE_IDS, where: { event: { equals: series } }, pagination: false, limit: 0, req })).docs
  return new Map(rows.map((row) => [keyOf(row.originalStart), Number(row.occurrence)]))
}

/**
 * Keeps IDs for a series' occurrences, stored now or later (past the horizon), by original start (ISO):
 * each replaces what was kept for that start; the sequence is moved past the highest first, so it never
 * hands one of them out. IDs past KEPT_ID_CEILING are not kept.
 */
export async function keepOccurrenceIds(req: PayloadRequest, series: number, ids: Record<string, number>): Promise<void> {
  const wanted = Object.entries(ids).filter(([start, id]) => Number.isSafeInteger(id) && id > 0 && id <= KEPT_ID_CEILING && Number.isFinite(keyOf(start)))
  if (!wanted.length) return
  await reserveIds(req.payload, 'occurrence', Math.max(...wanted.map(([, id]) => id)), req)
  const rows = (await req.payload.db.find<KeptRow>({ collection: KEPT_OCCURRENCE_IDS, where: { event: { equals: series } }, pagination: false, limit: 0, req })).docs
  const byStart = new Map(rows.map((row) => [keyOf(row.originalStart), row]))
  for (const [start, id] of wanted) {
    const row = byStart.get(keyOf(start))
    if (!row) await req.payload.db.create({ collection: KEPT_OCCURRENCE_IDS, data: { event: series, originalStart: new Date(start).toISOString(), occurrence: id }, req })
    else if (Number(row.occurrence) !== id) await req.payload.db.updateOne({ collection: KEPT_OCCURRENCE_IDS, id: row.id, data: { occurrence: id }, req })
  }
}
