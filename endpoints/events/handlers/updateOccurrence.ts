import type { PayloadRequest } from 'payload'
import { seriesOfEvent, splitSeries } from '../../../lib/recurrence/index.js'
import { canChangePost } from '../../../collections/access/postAccess.js'
import { relationId } from '../../../collections/relationIds.js'
import { EVENTS } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import { copySeriesAsOccurrence, copySeriesFrom, locateEvent, occurrenceView, readOneVisible, updateEvent as writeEvent, type LocatedEventPost, type Occurrence } from '../../data/index.js'
import type { RequestContext, RestResponse } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Scope } from '../params/scopeArg.js'
import type { Sent } from '../params/sentArgs.js'
import { saveEvent } from '../write/saveEvent.js'
import { eventAnswer } from './eventAnswer.js'

/** The event a copy made in the write's transaction is, as the write's checks see an event. */
function located(doc: { id: number; author?: unknown; status?: string | null; startDate: string; endDate: string; timezone?: string | null; allDay?: boolean | null }): LocatedEventPost {
  return { id: doc.id, author: doc.author, status: doc.status, startDate: doc.startDate, endDate: doc.endDate, timezone: doc.timezone, allDay: doc.allDay }
}

/**
 * POST/PUT/PATCH /events/<provisional id> (an occurrence of a recurring event): `scope=this` changes
 * that occurrence only (the first write copies the series into an event of its own that takes the
 * occurrence's place, as a changed occurrence), `following` splits the series there and changes the
 * new one, `all` changes the series. The caller was checked against the occurrence's event.
 */
export async function updateOccurrence(ctx: RequestContext, meta: LocatedEventPost, occurrence: Occurrence, scope: Scope, params: EventWriteValues, sent: Sent<EventWriteValues>): Promise<RestResponse> {
  const seriesId = Number(relationId(occurrence.event))
  const changed = occurrence.state === 'changed'
  if (scope === 'this') {
    const doc = changed
      ? await saveEvent(ctx, params, sent, meta)
      : await saveEvent(ctx, params, sent, meta, async (req) => located(await copySeriesAsOccurrence(ctx, req, seriesId, occurrence)))
    const view = await occurrenceView(ctx, doc, { ...occurrence, state: 'changed' })
    return { body: await eventAnswer(ctx, doc, view) }
  }
  // The series itself: a changed occurrence's write reaches its series only if the caller may change it.
  const series = changed ? await locateEvent(ctx, seriesId) : { found: 'event' as const, meta }
  if (series.found !== 'event') throw new RestError('rest-event-not-found', 404, [seriesId])
  if (!canChangePost(ctx.user, series.meta)) throw new RestError('rest_forbidden', 403)
  const first = Date.parse(occurrence.originalStart) === Date.parse(series.meta.startDate)
  if (scope === 'all' || first) {
    const doc = await saveEvent(ctx, params, sent, series.meta)
    return { body: await eventAnswer(ctx, doc) }
  }
  // This and following: the series ends before the occurrence; a copy from it on takes the changes.
  const stored = await readOneVisible(ctx, EVENTS, seriesId, { select: { recurrence: true, startDate: true, endDate: true, timezone: true, allDay: true } })
  const parsed = stored && seriesOfEvent(stored, { horizonMonths: ctx.options.recurrenceHorizonMonths, maxOccurrences: ctx.options.recurrenceMaxOccurrences, siteTimezone: ctx.options.siteTimezone })
  if (!parsed?.ok || !parsed.series) throw new RestError('rest-event-not-found', 404, [seriesId])
  const lines = splitSeries(parsed.series, Date.parse(occurrence.originalStart))
  const split = async (req: PayloadRequest) => {
    await writeEvent(ctx, req, seriesId, { recurrence: lines.before })
    return located(await copySeriesFrom(ctx, req, seriesId, occurrence, lines.after))
  }
  const doc = await saveEvent(ctx, params, sent, series.meta, split)
  return { body: await eventAnswer(ctx, doc) }
}
