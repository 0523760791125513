import type { Where } from 'payload'
import { EVENTS, OCCURRENCES } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'
import { pastAccess } from './privileged.js'

/** What a feed writes of the series among its events besides the series themselves. */
export interface FeedSeriesParts {
  /** The changed occurrences of those series the caller may read (events with `series` and `originalStart`). */
  changed: Event[]
  /**
   * By series ID, the original starts (ISO) of the occurrences it no longer holds as the rule gives
   * them and the caller sees no event for: cancelled ones, and changed ones whose event the caller may
   * not read (a draft change is not shown at the original time either).
   */
  removed: Map<number, string[]>
}

const relationId = (value: unknown) => (value && typeof value === 'object' ? (value as { id: number }).id : (value as number | null | undefined))

/**
 * The changed and removed occurrences of the series among `events`, in two queries (none when no
 * event repeats): the changed events through the caller's access, with the feed's statuses; the
 * stored occurrence rows past it, for their original starts only.
 */
export async function findFeedSeries(ctx: RequestContext, events: Event[], status: { where: Where; trash: boolean }): Promise<FeedSeriesParts> {
  const series = events.filter((event) => event.recurring).map((event) => event.id)
  if (!series.length) return { changed: [], removed: new Map() }
  const changed = (
    await ctx.payload.find({
      collection: EVENTS,
      where: { and: [{ series: { in: series } }, { originalStart: { exists: true } }, status.where] },
      sort: ['originalStart', 'id'],
      pagination: false,
      depth: 0,
      trash: status.trash,
      overrideAccess: false,
      user: ctx.user,
    })
  ).docs
  const shown = new Set(changed.map((event) => event.id))
  const rows = (
    await ctx.payload.find({
      collection: OCCURRENCES,
      where: { and: [{ event: { in: series } }, { state: { in: ['cancelled', 'changed'] } }] },
      sort: 'originalStart',
      pagination: false,
      depth: 0,
      ...pastAccess('feedSeriesRemoved'),
    })
  ).docs
  const removed = new Map<number, string[]>()
  for (const row of rows) {
    if (row.state === 'changed' && shown.has(relationId(row.changedTo) ?? 0)) continue
    const id = relationId(row.event)!
    removed.set(id, [...(removed.get(id) ?? []), row.originalStart])
  }
  return { changed, removed }
}
