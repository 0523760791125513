import { relationId } from '../../collections/relationIds.js'
import { EVENTS } from '../../collections/slugs.js'
import { recurrenceLines } from '../../lib/recurrence/contentLine.js'
import type { RequestContext } from '../types.js'
import type { Event, OccurrenceView } from './documents.js'
import type { Occurrence } from './occurrences.js'
import { provisionalBase } from './provisionalIds.js'
import { readOneVisible } from './readVisible.js'

/**
 * What a read of one occurrence answers: `doc` is the series' event (a scheduled occurrence, shown at
 * its own dates) or the event a changed occurrence moved into (its own dates; the series' lines read
 * with the caller's access).
 */
export async function occurrenceView(ctx: RequestContext, doc: Event, occurrence: Occurrence): Promise<OccurrenceView> {
  const base = await provisionalBase(ctx)
  const seriesId = Number(relationId(occurrence.event))
  const changed = occurrence.state === 'changed'
  const series = changed ? await readOneVisible(ctx, EVENTS, seriesId, { select: { recurrence: true } }) : doc
  return {
    wireId: base + occurrence.id,
    seriesId,
    lines: recurrenceLines(series?.recurrence) ?? [],
    originalStart: occurrence.originalStart,
    startDate: changed ? doc.startDate : occurrence.startDate,
    endDate: changed ? doc.endDate : occurrence.endDate,
  }
}
