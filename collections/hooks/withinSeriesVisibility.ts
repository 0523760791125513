import type { CollectionBeforeChangeHook } from 'payload'
import { relationId } from '../relationIds.js'
import { EVENTS } from '../slugs.js'

/**
 * beforeChange of a changed occurrence (an event with `series`): it is never more visible than its
 * series. A published occurrence of a series that is not published takes the series' status, and one
 * of a series hidden from listings is hidden too, whoever writes it and however (the namespace, /api,
 * GraphQL, the admin, an import). An occurrence may still be more hidden than its series (a draft
 * change of a published series). The series' later changes reach it through inheritToChangedOccurrences.
 */
export const withinSeriesVisibility: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const seriesId = relationId(data.series ?? originalDoc?.series)
  if (!seriesId) return data
  const series = await req.payload.db.findOne<{ id: number; status?: string | null; hideFromListings?: boolean | null }>({ collection: EVENTS, where: { id: { equals: seriesId } }, select: { status: true, hideFromListings: true }, req })
  if (!series) return data
  const status = data.status ?? originalDoc?.status
  const next = { ...data }
  if (series.status && series.status !== 'publish' && status === 'publish') next.status = series.status
  if (series.hideFromListings && !(data.hideFromListings ?? originalDoc?.hideFromListings)) next.hideFromListings = true
  return next
}
