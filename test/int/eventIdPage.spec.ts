import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Where } from 'payload'
import { protectedReadableWhere } from '../../collections/access/protectedReadableWhere.js'
import { storedDataChanged } from '../../endpoints/cache/storedDataCaches.js'
import { eventIdPage, walksByDate, walkTuning } from '../../endpoints/data/eventIdPage.js'
import { findEventPage } from '../../endpoints/data/findEventPage.js'
import type { EventsQuery } from '../../endpoints/events/query/buildEventsQuery.js'
import { searchWhere } from '../../endpoints/linked/query/searchWords.js'
import { statusWhere } from '../../endpoints/query/statusWhere.js'
import type { RequestContext } from '../../endpoints/types.js'
import { resolveOptions } from '../../lib/options.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { daysFromNow } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// The archive's SQL fast path (eventIdPage: the page's IDs and the total read below the Local API)
// against Payload's own find with the same where, for every role, on drafts, pending, private, future,
// trashed, hidden and password-protected events of several owners: same events, same order, same total.

type Who = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous'
const WHO: Who[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'anonymous']
const STATUSES = ['publish', 'draft', 'pending', 'private', 'future'] as const

let app: TestApp
let actors: Record<Who, Actor>
const ids: Record<string, number> = {}

beforeAll(async () => {
  app = await initTestApp()
  actors = (await createActors(app)) as Record<Who, Actor>
  const p = app.payload
  const music = await p.create({ collection: 'event-categories', data: { name: 'Music' } })
  const jazz = await p.create({ collection: 'event-categories', data: { name: 'Jazz', parent: music.id } })
  const outdoor = await p.create({ collection: 'event-tags', data: { name: 'Outdoor' } })
  const family = await p.create({ collection: 'event-tags', data: { name: 'Family' } })
  const hall = await p.create({ collection: 'venues', data: { title: 'Hall' } })
  const park = await p.create({ collection: 'venues', data: { title: 'Park' } })
  const acme = await p.create({ collection: 'organizers', data: { title: 'Acme' } })
  Object.assign(ids, { music: music.id, jazz: jazz.id, outdoor: outdoor.id, family: family.id, hall: hall.id, park: park.id, acme: acme.id })

  // Every status × owner × password × trash, spread over terms, venues and dates (some on one day, so
  // the ID breaks the tie of the order).
  let n = 0
  for (const status of STATUSES) {
    for (const owner of ['author', 'contributor', 'editor'] as const) {
      for (const password of [false, true]) {
        for (const trashed of [false, true]) {
          n++
          const doc = await p.create({
            collection: 'events',
            data: {
              title: `${n % 3 ? 'Jazz' : 'Folk'} ${status} ${owner}${password ? ' locked' : ''}${trashed ? ' trashed' : ''}`,
              status,
              author: actors[owner].id,
              startDate: daysFromNow(1 + (n % 7)),
              endDate: daysFromNow(1.1 + (n % 7)),
              categories: [n % 2 ? jazz.id : music.id],
              tags: n % 3 ? [outdoor.id, family.id] : [family.id],
              venues: [n % 4 ? hall.id : park.id],
              organizers: n % 5 ? [acme.id] : [],
              hideFromListings: n % 11 === 0,
              ...(password ? { password: 'sesame' } : {}),
            } as never,
            overrideAccess: true,
          })
          if (trashed) await p.update({ collection: 'events', id: doc.id, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
        }
      }
    }
  }
})
afterAll(async () => {
  walkTuning.walkToProbe = CHOSEN
  await app?.close()
})

/** The archive's filters as buildEventsQuery writes them. */
function filters(): Array<[string, Where[]]> {
  const window: Where[] = [{ startDate: { greater_than_equal: daysFromNow(2) } }, { endDate: { less_than: daysFromNow(5) } }]
  return [
    ['categories', [{ categories: { in: [ids.music, ids.jazz] } }]],
    ['child category', [{ categories: { in: [ids.jazz] } }]],
    ['tags', [{ tags: { in: [ids.outdoor] } }]],
    ['venue', [{ venues: { in: [ids.park] } }]],
    ['organizer', [{ organizers: { in: [ids.acme] } }]],
    ['search', [searchWhere('jazz', ['title'])]],
    ['window', window],
    ['category, tag, venue, search and window', [{ categories: { in: [ids.jazz] } }, { tags: { in: [ids.family] } }, { venues: { in: [ids.hall] } }, searchWhere('jazz', ['title']), ...window]],
  ]
}

/** The statuses a role may list (statusesFor), and for editors the trash views too. */
function statusLists(who: Who): string[][] {
  if (who === 'anonymous' || who === 'subscriber') return [['publish']]
  const all = [...STATUSES]
  return who === 'editor' || who === 'administrator' ? [all, ['trash'], ['publish', 'trash']] : [all]
}

const RELATIONS = new Set(['venues', 'organizers', 'categories', 'tags'])

/** The query as buildEventsQuery makes it: the Local API's where, and its relationship filters kept apart from the other conditions. */
function query(who: Who, statuses: string[], filters: Where[], page: number): Pick<EventsQuery, 'where' | 'conditions' | 'relations' | 'sort' | 'page' | 'limit' | 'trash'> {
  const status = statusWhere(statuses)
  const readable = protectedReadableWhere(actors[who].user)
  const and: Where[] = [{ hideFromListings: { not_equals: true } }, ...filters, status.where, ...(readable ? [readable] : [])]
  const isRelation = (condition: Where) => RELATIONS.has(Object.keys(condition)[0]!)
  const relations = and.filter(isRelation).map((condition) => {
    const [field, operand] = Object.entries(condition)[0]!
    return { field: field as EventsQuery['relations'][number]['field'], ids: (operand as { in: number[] }).in }
  })
  return { where: { and }, conditions: and.filter((condition) => !isRelation(condition)), relations, sort: ['startDate', 'id'], page, limit: 4, trash: status.trash }
}

// PostgreSQL pages a large term's events by walking the dates, a small one's by primary key: both
// plans, whatever the (small) data here would choose.
const CHOSEN = walkTuning.walkToProbe
const PLANS = [
  ['walking the dates', Number.POSITIVE_INFINITY],
  ['by primary key', 0],
] as const

describe('the archive fast path', () => {
  it.each(WHO.flatMap((who) => PLANS.map(([plan, ratio]) => [who, plan, ratio] as const)))('answers as the Local API does for %s, page by page (%s on PostgreSQL)', async (who, _plan, ratio) => {
    walkTuning.walkToProbe = ratio
    // The public's plan is kept until a write, like its totals: forget the other test's.
    storedDataChanged(app.payload)
    const ctx = { payload: app.payload, user: actors[who].user, options: resolveOptions() } as unknown as RequestContext
    let compared = 0
    let listed = 0
    for (const [, conditions] of filters()) {
      for (const statuses of statusLists(who)) {
        for (let page = 1; ; page++) {
          const q = query(who, statuses, conditions, page)
          // The fast path covers this query (else the comparison below compares Payload with itself).
          expect(await eventIdPage(ctx, q)).not.toBeNull()
          const fast = await findEventPage(ctx, q)
          const local = await app.payload.find({ collection: 'events', where: q.where, sort: q.sort, page, limit: q.limit, depth: 0, trash: q.trash, overrideAccess: false, user: ctx.user })
          expect({ ids: fast.docs.map((d) => d.id), total: fast.totalDocs }).toEqual({ ids: local.docs.map((d) => d.id), total: page === 1 || local.docs.length ? local.totalDocs : fast.totalDocs })
          compared++
          listed += fast.docs.length
          if (!local.docs.length) break
        }
      }
    }
    expect(compared).toBeGreaterThan(filters().length)
    expect(listed).toBeGreaterThan(0)
  })

  it('walks the dates for a term with many events, and probes a small one', () => {
    walkTuning.walkToProbe = CHOSEN
    // 100,000 events, a 50-event first page: a category of 5,736 events walks, an organizer's 1,000 are probed.
    expect(walksByDate(5736, 100_000, 50)).toBe(true)
    expect(walksByDate(1000, 100_000, 50)).toBe(false)
    // The twentieth page of the large one would walk twenty times as far: probed; a term with no event never walks.
    expect(walksByDate(5736, 100_000, 1000)).toBe(false)
    expect(walksByDate(0, 0, 50)).toBe(false)
  })

  it('lists what each role may see and nothing else', async () => {
    const seen = async (who: Who, statuses: string[]) => {
      const ctx = { payload: app.payload, user: actors[who].user, options: resolveOptions() } as unknown as RequestContext
      const q = { ...query(who, statuses, [{ categories: { in: [ids.music, ids.jazz] } }], 1), limit: 100 }
      return (await findEventPage(ctx, q)).docs
    }
    const anonymous = await seen('anonymous', ['publish'])
    expect(anonymous.length).toBeGreaterThan(0)
    for (const doc of anonymous) expect([doc.status, Boolean(doc.deletedAt), Boolean(doc.hasPassword)]).toEqual(['publish', false, false])
    const contributor = await seen('contributor', [...STATUSES])
    for (const doc of contributor) expect(doc.status === 'publish' || doc.author === actors.contributor.id).toBe(true)
    expect(contributor.some((doc) => doc.status === 'draft')).toBe(true)
    const trash = await seen('editor', ['trash'])
    expect(trash.length).toBeGreaterThan(0)
    for (const doc of trash) expect(doc.deletedAt).toBeTruthy()
  })

  it('gathers SQLite planner statistics at boot (sqlite_stat1), so a term filter reads that term\'s events, not the window', async () => {
    if (app.database.kind !== 'sqlite') return
    const client = (app.payload.db as unknown as { client: { execute: (sql: string) => Promise<{ rows: unknown[] }> } }).client
    const { rows } = await client.execute("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'")
    expect(rows.length).toBeGreaterThan(0)
  })
})
