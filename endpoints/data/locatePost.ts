import type { CollectionSlug } from 'payload'
import { EVENTS } from '../../collections/slugs.js'
import { documentCacheFor, keptValue } from '../cache/documentCache.js'
import type { RequestContext } from '../types.js'
import { relationId } from '../../collections/relationIds.js'
import { findOccurrence, type Occurrence } from './occurrences.js'
import { pastAccess } from './privileged.js'
import { provisionalBase } from './provisionalIds.js'
import { readBelowLocalApi } from './readBelowLocalApi.js'

/** What the checks before a read or a write need of a post: its owner and status. Never answered to the caller. */
export interface LocatedPost {
  id: number
  author?: unknown
  status?: string | null
  deletedAt?: string | null
  slugGiven?: boolean | null
}

/** An event's checks also read its password flag; an update keeps its schedule (docs/api.md, deliberate difference 1). */
export interface LocatedEventPost extends LocatedPost {
  /**
   * Located by a provisional ID: the occurrence it names. The post is then the series' event (or the
   * event a changed occurrence moved into), whose owner, status and password the occurrence has.
   */
  occurrence?: Occurrence
  hasPassword?: boolean | null
  startDate: string
  endDate: string
  timezone?: string | null
  allDay?: boolean | null
}

const POST_FIELDS = { author: true, status: true, deletedAt: true, slugGiven: true } as const
const EVENT_FIELDS = { ...POST_FIELDS, hasPassword: true, startDate: true, endDate: true, timezone: true, allDay: true } as const

// One lookup per post and request: validation, the Allow header's permission checks, the permission
// check and the handler of one request all ask about the same post, before it changes. Keyed by the
// request's context (buildContext makes one per request; a context kept across many writes, as the
// importers keep theirs, would see the first answer, so they do not locate posts through it).
const perRequest = new WeakMap<RequestContext, Map<string, Promise<LocatedPost | undefined>>>()

async function query(ctx: RequestContext, collection: CollectionSlug, by: { id: number } | { slug: string }): Promise<LocatedPost | undefined> {
  if (collection === EVENTS && 'id' in by && by.id >= ctx.options.provisionalIdBase) {
    const base = await provisionalBase(ctx)
    if (by.id >= base) return occurrencePost(ctx, by.id - base)
  }
  const select = collection === EVENTS ? EVENT_FIELDS : POST_FIELDS
  // Below the Local API where it serves this (SQL databases, outside a write), held to its answers.
  const past = pastAccess('locatePost')
  const below = await readBelowLocalApi(ctx, collection, 'id' in by ? { ids: [by.id] } : { slugs: [by.slug] }, { ...past, trash: true, select })
  if (below) return below[0] as LocatedPost | undefined
  const found = await ctx.payload.find({
    collection,
    where: 'id' in by ? { id: { equals: by.id } } : { slug: { equals: by.slug } },
    limit: 1,
    pagination: false,
    depth: 0,
    trash: true,
    ...past,
    select,
  })
  return found.docs[0] as LocatedPost | undefined
}

/** The event an occurrence ID names, with the occurrence; none for a cancelled or unknown one (a stale ID: 404). */
async function occurrencePost(ctx: RequestContext, occurrenceId: number): Promise<LocatedEventPost | undefined> {
  const occurrence = await findOccurrence(ctx, occurrenceId)
  if (!occurrence || occurrence.state === 'cancelled') return undefined
  const event = relationId(occurrence.state === 'changed' ? occurrence.changedTo : occurrence.event)
  if (!event) return undefined
  const post = (await query(ctx, EVENTS, { id: event })) as LocatedEventPost | undefined
  return post && { ...post, occurrence }
}

/**
 * The post of `collection` with an ID or a slug, trashed ones included, read past access control
 * in one query with its owner and status: the reference validates existence first (is_event_id,
 * is_venue_slug…) and decides visibility and permission on these fields afterwards, with its own
 * 403s. Asked again during the same request, the same answer is reused.
 */
export function locatePost(ctx: RequestContext, collection: typeof EVENTS, by: { id: number } | { slug: string }): Promise<LocatedEventPost | undefined>
export function locatePost(ctx: RequestContext, collection: CollectionSlug, by: { id: number } | { slug: string }): Promise<LocatedPost | undefined>
export function locatePost(ctx: RequestContext, collection: CollectionSlug, by: { id: number } | { slug: string }): Promise<LocatedPost | undefined> {
  if ('id' in by && (!Number.isSafeInteger(by.id) || by.id < 1)) return Promise.resolve(undefined)
  let memo = perRequest.get(ctx)
  if (!memo) perRequest.set(ctx, (memo = new Map()))
  const key = 'id' in by ? `${collection}#${by.id}` : `${collection}/${by.slug}`
  let located = memo.get(key)
  if (!located) {
    // The fields are the same for every caller; the public's lookups are kept until the next write
    // (never inside a write's transaction, nor for a signed-in caller who may be about to write).
    const cache = !ctx.user && !ctx.req ? documentCacheFor(ctx.payload, ctx.options) : undefined
    located = cache
      ? keptValue(cache, `located:${collection}:${key}`, async () => ({ post: (await query(ctx, collection, by)) ?? null })).then(({ post }) => post ?? undefined)
      : query(ctx, collection, by)
    memo.set(key, located)
    void located.then(
      // Found by slug, it is known by its ID too.
      (post) => post && 'slug' in by && memo.set(`${collection}#${post.id}`, Promise.resolve(post)),
      // A failed query is not an answer: the next question asks the database again.
      () => memo.delete(key),
    )
  }
  return located
}
