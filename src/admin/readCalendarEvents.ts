import type { Payload, TypedUser, Where } from 'payload'
import { provisionalIdBase } from '../../collections/provisionalIdBase.js'
import { EVENTS, OCCURRENCES } from '../../collections/slugs.js'
import type { CalendarEvent } from './monthGrid.js'

/** A window of instants: events ending at or after `from` and starting before `to` (either open); `series`: only that series' occurrences. */
export interface CalendarWindow {
  from?: string
  to?: string
  series?: number
}

interface OccurrenceRow {
  id: number
  event: number | { id: number }
  originalStart: string
  startDate: string
  endDate: string
  changedTo?: number | { id: number } | null
}

const SELECT = { title: true, startDate: true, endDate: true, timezone: true, allDay: true, status: true, hasPassword: true, series: true, originalStart: true } as const

const idOf = (ref: number | { id: number } | null | undefined) => (ref && typeof ref === 'object' ? ref.id : ref)

function windowWhere({ from, to }: CalendarWindow): Where[] {
  return [...(to ? [{ startDate: { less_than: to } }] : []), ...(from ? [{ endDate: { greater_than_equal: from } }] : [])]
}

/**
 * The events of a window as the admin's calendar and dashboard show them: single events and changed
 * occurrences as they are, and each scheduled occurrence of a recurring series at its own dates (a
 * cancelled one not at all), marked with its provisional ID, the ID the namespace answers it under.
 * Read with the signed-in user's access: occurrences (a collection for editors) only of the series
 * that user may read. Each kind is read up to `limit`, so the first `limit` by start are exact.
 */
export async function readCalendarEvents(
  payload: Payload,
  user: TypedUser | null | undefined,
  window: CalendarWindow,
  limit: number,
): Promise<{ docs: CalendarEvent[]; totalDocs: number }> {
  const asUser = { overrideAccess: false, user: user ?? undefined } as const
  const ofSeries = window.series
  const [singles, rows] = await Promise.all([
    payload.find({
      collection: EVENTS,
      where: { and: [...windowWhere(window), { recurring: { not_equals: true } }, ...(ofSeries ? [{ series: { equals: ofSeries } }] : [])] },
      sort: 'startDate',
      limit,
      depth: 0,
      ...asUser,
      select: SELECT,
    }),
    payload.find({
      collection: OCCURRENCES,
      where: { and: [...windowWhere(window), { state: { equals: 'scheduled' } }, ...(ofSeries ? [{ event: { equals: ofSeries } }] : [])] },
      sort: 'startDate',
      limit,
      depth: 0,
      overrideAccess: true,
    }),
  ])
  const occurrences = rows.docs as unknown as OccurrenceRow[]
  const changedIds = (singles.docs as Array<{ id: number; series?: unknown }>).filter((e) => idOf(e.series as number) != null).map((e) => e.id)
  const seriesIds = [...new Set(occurrences.map((row) => idOf(row.event)!))]
  const [series, changedRows, base] = await Promise.all([
    seriesIds.length
      ? payload.find({ collection: EVENTS, where: { id: { in: seriesIds } }, pagination: false, depth: 0, ...asUser, select: SELECT })
      : null,
    changedIds.length
      ? payload.find({ collection: OCCURRENCES, where: { changedTo: { in: changedIds } }, pagination: false, depth: 0, overrideAccess: true })
      : null,
    occurrences.length || changedIds.length ? provisionalIdBase(payload) : 0,
  ])
  const seriesById = new Map((series?.docs ?? []).map((doc) => [doc.id as number, doc as unknown as CalendarEvent]))
  const changedTo = new Map(((changedRows?.docs ?? []) as unknown as OccurrenceRow[]).map((row) => [idOf(row.changedTo)!, row]))

  const docs: CalendarEvent[] = []
  for (const event of singles.docs as unknown as Array<CalendarEvent & { series?: number | { id: number } | null }>) {
    const row = changedTo.get(event.id as number)
    const { series: seriesRef, ...rest } = event
    const seriesId = idOf(seriesRef)
    docs.push(row && seriesId != null ? { ...rest, repeat: { provisionalId: base + row.id, seriesId, originalStart: row.originalStart, changed: true } } : rest)
  }
  let hidden = 0
  for (const row of occurrences) {
    const seriesId = idOf(row.event)!
    const of = seriesById.get(seriesId)
    if (!of) {
      hidden++
      continue
    }
    docs.push({
      ...of,
      startDate: row.startDate,
      endDate: row.endDate,
      repeat: { provisionalId: base + row.id, seriesId, originalStart: row.originalStart, changed: false },
    })
  }
  docs.sort((a, b) => Date.parse(a.startDate ?? '') - Date.parse(b.startDate ?? ''))
  return { docs: docs.slice(0, limit), totalDocs: singles.totalDocs + rows.totalDocs - hidden }
}
