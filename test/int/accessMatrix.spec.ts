import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { signInLimits } from '../../collections/auth/signInLimits.js'
import { htmlToRichText } from '../../endpoints/write/htmlToRichText.js'
import { createAppPassword } from '../../src/commands/createAppPassword.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient, type ApiResponse } from '../helpers/http.js'
import { operatorContext, storedDoc } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// The access policy of the calendar namespace, one table per route: a row per piece of content (by
// owner and status), a column per role, each cell the expected answer. Every cell is a named case.
//
// - administrator, editor: read and write everything, any status, anybody's (reference 2).
// - author: creates and publishes; edits and trashes their own posts in any status; nobody else's; no terms.
// - contributor: creates their own posts, publish/future scaled back to pending (6.5); edits and trashes
//   only their own draft or pending posts (6.7); no terms (9.3).
// - subscriber, anonymous: read only, and only published, untrashed content; a password-protected
//   event is stripped in lists and 403 event-password-protected when read alone (10).
// - A refused write is 401 rest_forbidden without credentials, 403 when signed in (1.1), and changes nothing.
// - A trashed event reads as 403 event-no-longer-available for everybody (6.1); trashing a trashed post is 410 (6.7).
// - The same rules hold with application passwords over HTTP Basic (1.3), and no answer carries a secret
//   (decision 6.7: no password, hash or scrypt$ value, ever).
//
// Venues and organizers follow the event capabilities (reference 6.5), so their write tables are the
// events' ones. Columns, in every table: administrator, editor, author, contributor, subscriber, anonymous.

type Who = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous'
type Kind = 'event' | 'venue' | 'organizer'
/** A matrix row: who, what, through which route, and the expected answer. */
type Row = [Who, string, string, string]

const WHO: Who[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'anonymous']
const KINDS: Kind[] = ['event', 'venue', 'organizer']
const COLLECTION = { event: 'events', venue: 'venues', organizer: 'organizers' } as const
/** The wire name of the title on writes (reference 6.3, 7.4, 8). */
const TITLE_PARAM = { event: 'title', venue: 'venue', organizer: 'organizer' } as const

const EVENT_PASSWORD = 'open-sesame-7341'
/** Every plain secret this suite knows: none may appear in any answer. */
const PLAIN_SECRETS = [EVENT_PASSWORD, ...WHO.map((who) => `${who} password 123`)]

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<Who, Actor>
/** The owner of every "others'" post in the write tables: an author nobody here signs in as. */
let someoneElse: number

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  actors = await createActors(app)
  const other = await app.payload.create({
    collection: 'users',
    data: { email: 'someone-else@example.org', username: 'someone-else', password: 'someone else password', role: 'author' },
    overrideAccess: true,
  })
  someoneElse = other.id as number
})
afterAll(async () => {
  await app?.close()
})

// ---------------------------------------------------------------------------------------------------
// Helpers

/**
 * A table → named rows. `grid` maps each piece of content to one cell per column (null: does not
 * apply, e.g. anonymous callers own nothing); `route` names the route in the case's title.
 */
function matrix(route: string, grid: Record<string, Array<string | null>>, columns: Who[] = WHO): Row[] {
  return Object.entries(grid).flatMap(([content, cells]) => {
    if (cells.length !== columns.length) throw new Error(`${route} / ${content}: ${cells.length} cells for ${columns.length} columns`)
    return cells.flatMap((cell, i) => (cell === null ? [] : [[columns[i]!, content, route, cell] as Row]))
  })
}

/** The answer as the tables spell it: "403 <code>" for errors, "201 <wire status>" when the cell names one. */
function answer(res: ApiResponse, expected: string): string {
  if (res.status >= 400) return `${res.status} ${res.body?.code}`
  return expected.includes(' ') ? `${res.status} ${res.body?.status}` : String(res.status)
}

/**
 * Paths in `body` where a secret shows: a `password`, `passwordHash`, `hash` or `salt` key (the index
 * documents a `password` *parameter* under `args`, which is a description, not a value), an scrypt$
 * string, or any plain secret this suite knows.
 */
function secretsIn(value: unknown, path = '$', found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('scrypt$') || PLAIN_SECRETS.some((secret) => value.includes(secret))) found.push(path)
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => secretsIn(item, `${path}[${i}]`, found))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (['passwordHash', 'hash', 'salt'].includes(key) || (key === 'password' && !path.endsWith('.args'))) found.push(`${path}.${key}`)
      secretsIn(item, `${path}.${key}`, found)
    }
  }
  return found
}

function expectNoSecrets(res: ApiResponse) {
  expect(secretsIn(res.body)).toEqual([])
}

const DAY = 24 * 3600 * 1000
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const dayIn = (days: number) => isoIn(days).slice(0, 10)
const wpDateIn = (days: number) => isoIn(days).slice(0, 19).replace('T', ' ')

/** The read-side events start in 40 days; lists are fenced to that window, so write rows never count. */
const WINDOW = `per_page=50&start_date=${dayIn(39)}&end_date=${dayIn(42)}`

interface Post {
  id: number
  title: string
  slug: string
}

/** A post stored through the Local API as the operator (no scale-back), owned by `author`, maybe trashed. */
async function seed(
  kind: Kind,
  title: string,
  data: { status: string; author: number; trashed?: boolean; description?: string } & Record<string, unknown>,
): Promise<Post> {
  const { trashed, description, ...rest } = data
  const collection = COLLECTION[kind]
  const doc = await app.payload.create({
    collection,
    data: {
      title,
      ...(kind === 'event' ? { startDate: isoIn(40), endDate: isoIn(40.1) } : {}),
      ...(description ? { description: await htmlToRichText(operatorContext(app.payload), description) } : {}),
      ...rest,
    } as never,
    depth: 0,
    overrideAccess: true,
  })
  if (!trashed) return doc as unknown as Post
  const trash = { deletedAt: new Date().toISOString() } as never
  return (await app.payload.update({ collection, id: doc.id, data: trash, trash: true, depth: 0, overrideAccess: true })) as unknown as Post
}

/** A post as stored, trashed or not, read past access control. */
async function stored(kind: Kind, id: number): Promise<(Post & Record<string, any>) | undefined> {
  return (await storedDoc(app.payload, COLLECTION[kind], id)) as (Post & Record<string, any>) | undefined
}

// ---------------------------------------------------------------------------------------------------
// Reads

// The same eight posts of each kind: [label, stored status, owner, trashed].
const COMMON: Array<[string, string, Who, boolean]> = [
  ['publish (editor)', 'publish', 'editor', false],
  ['future (editor)', 'future', 'editor', false],
  ['draft (editor)', 'draft', 'editor', false],
  ['pending (editor)', 'pending', 'editor', false],
  ['private (editor)', 'private', 'editor', false],
  ['trash (editor)', 'publish', 'editor', true],
  ['draft (author)', 'draft', 'author', false],
  ['pending (contributor)', 'pending', 'contributor', false],
]

// Words that occur in one description only, for the search table.
const WORD = { published: 'zephyrine', authorDraft: 'quokkaline', protected: 'narwhalish' }

const posts: Record<Kind, Record<string, Post>> = { event: {}, venue: {}, organizer: {} }
const terms: Record<string, number> = {}

describe('reads', () => {
  beforeAll(async () => {
    const id = (who: Who) => actors[who].id
    const everywhere = await app.payload.create({ collection: 'event-categories', data: { name: 'Matrix everywhere' } })
    const unpublished = await app.payload.create({ collection: 'event-categories', data: { name: 'Matrix unpublished only' } })
    terms.everywhere = everywhere.id as number
    terms.unpublished = unpublished.id as number
    // Events only: their categories (the trashed one is counted while published, then trashed) and search words.
    const eventData: Record<string, Record<string, unknown>> = {
      'publish (editor)': { categories: [everywhere.id], description: `<p>About ${WORD.published}.</p>` },
      'future (editor)': { categories: [everywhere.id] },
      'draft (editor)': { categories: [everywhere.id, unpublished.id] },
      'pending (editor)': { categories: [everywhere.id, unpublished.id] },
      'private (editor)': { categories: [everywhere.id] },
      'trash (editor)': { categories: [everywhere.id] },
      'draft (author)': { description: `<p>About ${WORD.authorDraft}.</p>` },
    }
    for (const kind of KINDS) {
      for (const [label, status, owner, trashed] of COMMON) {
        const extra = kind === 'event' ? eventData[label] : undefined
        posts[kind][label] = await seed(kind, `Matrix ${kind} ${label}`, { status, author: id(owner), trashed, description: `<p>About ${label}.</p>`, ...extra })
      }
    }

    const ev = posts.event
    ev['trash (author)'] = await seed('event', 'Matrix event trash (author)', { status: 'draft', author: id('author'), trashed: true, description: '<p>Gone.</p>' })
    ev['password (editor)'] = await seed('event', 'Matrix event password (editor)', {
      status: 'publish',
      author: id('editor'),
      password: EVENT_PASSWORD,
      cost: '25',
      description: `<p>The secret word is ${WORD.protected}.</p>`,
    })
    // Published events linking posts some readers may not see (loadRelated reads with the caller's access).
    const links: Array<[string, Kind, string]> = [
      ['publish venue (editor)', 'venue', 'publish (editor)'],
      ['draft venue (editor)', 'venue', 'draft (editor)'],
      ['draft venue (author)', 'venue', 'draft (author)'],
      ['draft organizer (editor)', 'organizer', 'draft (editor)'],
    ]
    for (const [label, kind, target] of links) {
      ev[`links ${label}`] = await seed('event', `Matrix event links ${label}`, {
        status: 'publish',
        author: id('editor'),
        description: '<p>Linked.</p>',
        [kind === 'venue' ? 'venues' : 'organizers']: [posts[kind][target]!.id],
      })
    }
  })

  // Reads do not change anything: each role's answer to each URL is fetched once.
  const answers = new Map<string, Promise<ApiResponse>>()
  const read = (who: Who, path: string) => {
    const key = `${who} ${path}`
    if (!answers.has(key)) answers.set(key, api.get(path, actors[who].headers))
    return answers.get(key)!
  }

  /** "label ?query" → the post and the query string. */
  const target = (kind: Kind, content: string) => {
    const [label, query] = content.split(' ?') as [string, string | undefined]
    const post = posts[kind][label]
    if (!post) throw new Error(`no ${kind} "${label}"`)
    return { post, query: query ? `?${query}` : '' }
  }

  const ok = '200'
  const NO = '403 event-not-accessible'
  const GONE = '403 event-no-longer-available'
  const PW = '403 event-password-protected'

  describe('GET /events/<id> and GET /events/by-slug/<slug> (reference 6.1, 6.6, 10)', () => {
    //                                                   admin editor author contrib subscr anon
    const grid = {
      'publish (editor)':                                 [ok,   ok,    ok,    ok,     ok,    ok],
      'future (editor)':                                  [ok,   ok,    NO,    NO,     NO,    NO],
      'draft (editor)':                                   [ok,   ok,    NO,    NO,     NO,    NO],
      'pending (editor)':                                 [ok,   ok,    NO,    NO,     NO,    NO],
      'private (editor)':                                 [ok,   ok,    NO,    NO,     NO,    NO],
      'trash (editor)':                                   [GONE, GONE,  GONE,  GONE,   GONE,  GONE],
      'draft (author)':                                   [ok,   ok,    ok,    NO,     NO,    NO],
      'pending (contributor)':                            [ok,   ok,    NO,    ok,     NO,    NO],
      'trash (author)':                                   [GONE, GONE,  GONE,  GONE,   GONE,  GONE],
      'password (editor)':                                [PW,   PW,    PW,    PW,     PW,    PW],
      [`password (editor) ?password=${EVENT_PASSWORD}`]:  [ok,   ok,    ok,    ok,     ok,    ok],
      'password (editor) ?password=wrong-guess':          [PW,   PW,    PW,    PW,     PW,    PW],
      'password (editor) ?context=edit':                  [ok,   ok,    PW,    PW,     PW,    PW],
    }
    // A draft or pending post has no post name in WordPress: by slug, callers who write no posts find
    // nothing there (400, reference 6.6); those who write still reach it (docs/api.md, deliberate difference 14).
    const SLUGLESS = '400 rest_invalid_param'
    const bySlug = {
      ...grid,
      'draft (editor)':                                   [ok,   ok,    NO,    NO,     SLUGLESS, SLUGLESS],
      'pending (editor)':                                 [ok,   ok,    NO,    NO,     SLUGLESS, SLUGLESS],
      'draft (author)':                                   [ok,   ok,    ok,    NO,     SLUGLESS, SLUGLESS],
      'pending (contributor)':                            [ok,   ok,    NO,    ok,     SLUGLESS, SLUGLESS],
    }
    const rows = [...matrix('GET /events/<id>', grid), ...matrix('GET /events/by-slug/<slug>', bySlug)]

    it.each(rows)('%s | %s | %s → %s', async (who, content, route, expected) => {
      const { post, query } = target('event', content)
      const path = route.includes('by-slug') ? `/events/by-slug/${post.slug}${query}` : `/events/${post.id}${query}`
      const res = await read(who, path)
      expect(answer(res, expected)).toBe(expected)
      if (res.status === 200) {
        expect(res.body.id).toBe(post.id)
        if (content.startsWith('password')) expect(res.body.description).toContain(WORD.protected)
      } else {
        expect(JSON.stringify(res.body)).not.toContain(post.title)
      }
      expectNoSecrets(res)
    })
  })

  describe('GET /events: listed, stripped or absent, and the total (reference 5, 10)', () => {
    const L = 'listed'
    const S = 'stripped'
    const _ = 'absent'
    //                                          admin editor author contrib subscr anon
    const grid = {
      'publish (editor)':                       [L,   L,     L,     L,      L,     L],
      'future (editor)':                        [L,   L,     _,     _,      _,     _],
      'draft (editor)':                         [L,   L,     _,     _,      _,     _],
      'pending (editor)':                       [L,   L,     _,     _,      _,     _],
      'private (editor)':                       [L,   L,     _,     _,      _,     _],
      'trash (editor)':                         [_,   _,     _,     _,      _,     _],
      'draft (author)':                         [L,   L,     L,     _,      _,     _],
      'pending (contributor)':                  [L,   L,     _,     L,      _,     _],
      'trash (author)':                         [_,   _,     _,     _,      _,     _],
      'password (editor)':                      [S,   S,     S,     S,      S,     S],
      'links publish venue (editor)':           [L,   L,     L,     L,      L,     L],
      'links draft venue (editor)':             [L,   L,     L,     L,      L,     L],
      'links draft venue (author)':             [L,   L,     L,     L,      L,     L],
      'links draft organizer (editor)':         [L,   L,     L,     L,      L,     L],
    }
    it.each(matrix('GET /events', grid))('%s | %s | %s → %s', async (who, content, _route, expected) => {
      const { post } = target('event', content)
      const res = await read(who, `/events?${WINDOW}`)
      expect(res.status).toBe(200)
      const entry = (res.body.events as Array<Record<string, any>>).find((e) => e.id === post.id)
      // Every seeded event has a description: an empty one is the password stripping (reference 10).
      const seen = !entry ? _ : entry.description === '' && entry.cost === '' && entry.categories.length === 0 ? S : L
      expect(seen).toBe(expected)
      expectNoSecrets(res)
    })

    //                                          admin editor author contrib subscr anon
    const totals = { 'every event seeded above': ['12', '12', '7', '7', '6', '6'] }
    it.each(matrix('GET /events total', totals))('%s | %s | %s → %s', async (who, _content, _route, expected) => {
      const res = await read(who, `/events?${WINDOW}`)
      expect(String(res.body.total)).toBe(expected)
      expect(res.headers.get('x-tec-total')).toBe(expected)
      expect(res.body.events).toHaveLength(Number(expected))
    })
  })

  describe('GET /events?search=<a word of one description> (reference 5.1, 10)', () => {
    const F = 'found'
    const _ = 'not found'
    //                                                        admin editor author contrib subscr anon
    const grid = {
      [`${WORD.published}: publish (editor)`]:                [F,   F,     F,     F,      F,     F],
      [`${WORD.authorDraft}: draft (author)`]:                [F,   F,     F,     _,      _,     _],
      [`${WORD.protected}: password (editor)`]:               [F,   F,     _,     _,      _,     _],
    }
    it.each(matrix('GET /events?search=', grid))('%s | %s | %s → %s', async (who, content, _route, expected) => {
      const [word, label] = content.split(': ') as [string, string]
      const res = await read(who, `/events?${WINDOW}&search=${word}`)
      expect(res.status).toBe(200)
      const found = (res.body.events as Array<{ id: number }>).some((e) => e.id === posts.event[label]!.id)
      expect(found ? F : _).toBe(expected)
      expect(res.body.total).toBe(found ? 1 : 0)
      // Found or not, a listed protected event stays stripped: its description is in nobody's answer.
      expect(JSON.stringify(res.body.events)).not.toContain(WORD.protected)
      expectNoSecrets(res)
    })
  })

  describe('venues and organizers embedded in a published event (loadRelated reads with the caller’s access)', () => {
    const E = 'embedded'
    const H = 'hidden'
    //                                          admin editor author contrib subscr anon
    const grid = {
      'links publish venue (editor)':           [E,   E,     E,     E,      E,     E],
      'links draft venue (editor)':             [E,   E,     H,     H,      H,     H],
      'links draft venue (author)':             [E,   E,     E,     H,      H,     H],
      'links draft organizer (editor)':         [E,   E,     H,     H,      H,     H],
    }
    const rows = [...matrix('GET /events/<id>', grid), ...matrix('GET /events', grid)]
    it.each(rows)('%s | %s | %s → %s', async (who, content, route, expected) => {
      const { post } = target('event', content)
      // "links draft venue (author)" → the venue "draft (author)"
      const [, status, kind, owner] = /^links (\w+) (venue|organizer) \((\w+)\)$/.exec(content)! as unknown as [string, string, Kind, string]
      const linked = posts[kind][`${status} (${owner})`]!
      const res = await read(who, route === 'GET /events' ? `/events?${WINDOW}` : `/events/${post.id}`)
      expect(res.status).toBe(200)
      const event = route === 'GET /events' ? (res.body.events as Array<Record<string, any>>).find((e) => e.id === post.id)! : res.body
      const embedded = kind === 'venue' ? event.venue : event.organizer
      const ids = (Array.isArray(embedded) ? embedded : [embedded]).map((item: { id: number }) => item.id)
      expect(ids.includes(linked.id) ? E : H).toBe(expected)
      if (expected === H) expect(JSON.stringify(res.body)).not.toContain(linked.title)
      expectNoSecrets(res)
    })
  })

  describe.each(['venue', 'organizer'] as const)('%ss: GET /<kind>s and GET /<kind>s/<id> (reference 7.1, 7.3, 8)', (kind) => {
    const NA = `403 ${kind}-not-accessible`
    //                                          admin editor author contrib subscr anon
    const single = {
      'publish (editor)':                       [ok,  ok,    ok,    ok,     ok,    ok],
      'future (editor)':                        [ok,  ok,    NA,    NA,     NA,    NA],
      'draft (editor)':                         [ok,  ok,    NA,    NA,     NA,    NA],
      'pending (editor)':                       [ok,  ok,    NA,    NA,     NA,    NA],
      'private (editor)':                       [ok,  ok,    NA,    NA,     NA,    NA],
      'trash (editor)':                         [ok,  ok,    NA,    NA,     NA,    NA],
      'draft (author)':                         [ok,  ok,    ok,    NA,     NA,    NA],
      'pending (contributor)':                  [ok,  ok,    NA,    ok,     NA,    NA],
    }
    it.each(matrix(`GET /${kind}s/<id>`, single))('%s | %s | %s → %s', async (who, content, _route, expected) => {
      const post = posts[kind][content]!
      const res = await read(who, `/${kind}s/${post.id}`)
      expect(answer(res, expected)).toBe(expected)
      if (res.status === 200) {
        expect(res.body.id).toBe(post.id)
        expect(res.body.status).toBe(content.startsWith('trash') ? 'trash' : content.split(' ')[0])
      } else {
        expect(JSON.stringify(res.body)).not.toContain(post.title)
      }
      expectNoSecrets(res)
    })

    const L = 'listed'
    const _ = 'absent'
    //                                          admin editor author contrib subscr anon
    const list = {
      'publish (editor)':                       [L,   L,     L,     L,      L,     L],
      'future (editor)':                        [L,   L,     _,     _,      _,     _],
      'draft (editor)':                         [L,   L,     _,     _,      _,     _],
      'pending (editor)':                       [L,   L,     _,     _,      _,     _],
      'private (editor)':                       [L,   L,     _,     _,      _,     _],
      'trash (editor)':                         [_,   _,     _,     _,      _,     _],
      'draft (author)':                         [L,   L,     L,     _,      _,     _],
      'pending (contributor)':                  [L,   L,     _,     L,      _,     _],
      'total':                                  ['7', '7',   '2',   '2',    '1',   '1'],
    }
    it.each(matrix(`GET /${kind}s`, list))('%s | %s | %s → %s', async (who, content, _route, expected) => {
      const res = await read(who, `/${kind}s?per_page=50`)
      expect(res.status).toBe(200)
      const ids = (res.body[`${kind}s`] as Array<{ id: number }>).map((item) => item.id)
      if (content === 'total') {
        expect(String(res.body.total)).toBe(expected)
        expect(ids).toHaveLength(Number(expected))
      } else {
        expect(ids.includes(posts[kind][content]!.id) ? L : _).toBe(expected)
      }
      expectNoSecrets(res)
    })
  })

  describe('GET /categories: counts are published, untrashed events only, for everybody (reference 9.1)', () => {
    //                                                     admin      editor     author     contrib    subscr     anon
    const grid = {
      'category on events of every status, one trashed':  ['count 1', 'count 1', 'count 1', 'count 1', 'count 1', 'count 1'],
      'category on draft and pending events only':        ['hidden',  'hidden',  'hidden',  'hidden',  'hidden',  'hidden'],
    }
    it.each(matrix('GET /categories', grid))('%s | %s | %s → %s', async (who, content, _route, expected) => {
      const id = content.startsWith('category on events of every') ? terms.everywhere : terms.unpublished
      const res = await read(who, '/categories?per_page=50')
      expect(res.status).toBe(200)
      const term = (res.body.categories as Array<{ id: number; count: number }>).find((t) => t.id === id)
      expect(term ? `count ${term.count}` : 'hidden').toBe(expected)
      expectNoSecrets(res)
    })
  })

  describe('GET /: the namespace index (reference 3)', () => {
    const same = 'the anonymous index, no content'
    it.each(matrix('GET /', { 'the namespace': [same, same, same, same, same, same] }))('%s | %s | %s → %s', async (who) => {
      const res = await read(who, '/')
      expect(res.status).toBe(200)
      // The date defaults are computed per request (reference 5.1): compare the rest.
      const timeless = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"/g, '"<now>"'))
      expect(timeless(res.body)).toEqual(timeless((await read('anonymous', '/')).body))
      expect(JSON.stringify(res.body)).not.toContain('Matrix ')
      expectNoSecrets(res)
    })
  })
})

// ---------------------------------------------------------------------------------------------------
// Writes: every row writes to a post made for it, then checks what is stored.

/** The write targets, relative to the caller: their own posts, or someoneElse's. */
const TARGETS: Record<string, { mine: boolean; status: string; trashed?: boolean; asks?: string }> = {
  'own publish': { mine: true, status: 'publish' },
  'own future': { mine: true, status: 'future' },
  'own draft': { mine: true, status: 'draft' },
  'own pending': { mine: true, status: 'pending' },
  'own private': { mine: true, status: 'private' },
  'own draft, trashed': { mine: true, status: 'draft', trashed: true },
  'own draft, asking for publish': { mine: true, status: 'draft', asks: 'publish' },
  "others' publish": { mine: false, status: 'publish' },
  "others' draft": { mine: false, status: 'draft' },
  "others' pending": { mine: false, status: 'pending' },
  "others' private": { mine: false, status: 'private' },
  "others' publish, trashed": { mine: false, status: 'publish', trashed: true },
}

let written = 0
/** The row's own target post. */
async function targetFor(kind: Kind, who: Who, content: string): Promise<Post & Record<string, any>> {
  const t = TARGETS[content]
  if (!t) throw new Error(`no target "${content}"`)
  written += 1
  const owner = t.mine ? actors[who].id : someoneElse
  // Events out of the read tables' window (they start in 40 days).
  const when = kind === 'event' ? { startDate: isoIn(90), endDate: isoIn(90.1) } : {}
  const post = await seed(kind, `Write ${kind} ${written} ${content}`, { status: t.status, author: owner, trashed: t.trashed, ...when })
  return post as Post & Record<string, any> & { status: string }
}

const F = '403 rest_forbidden'
const A = '401 rest_forbidden'

describe.each(KINDS)('%s writes (reference 2, 6.3–6.7, 7.4, 8)', (kind) => {
  const plural = COLLECTION[kind]
  const title = TITLE_PARAM[kind]

  //                                          admin          editor         author         contrib        subscr  anon
  const create = {
    'new post asking for publish':            ['201 publish', '201 publish', '201 publish', '201 pending', F,      A],
  }
  it.each(matrix(`POST /${plural}`, create))('%s | %s | %s → %s', async (who, _content, _route, expected) => {
    written += 1
    const name = `Created ${kind} ${written} by ${who}`
    const body = { [title]: name, status: 'publish', ...(kind === 'event' ? { start_date: wpDateIn(90), end_date: wpDateIn(90.1) } : {}) }
    const res = await api.post(`/${plural}`, body, actors[who].headers)
    expect(answer(res, expected)).toBe(expected)
    const found = await app.payload.find({ collection: plural, where: { title: { equals: name } }, trash: true, depth: 0, overrideAccess: true })
    if (res.status === 201) {
      expect(found.docs.map((d) => [d.id, (d as { status?: string }).status])).toEqual([[res.body.id, expected.split(' ')[1]]])
    } else {
      expect(found.totalDocs).toBe(0)
    }
    expectNoSecrets(res)
  })

  //                                          admin          editor         author         contrib        subscr  anon
  const update = {
    'own publish':                            ['200',        '200',         '200',         F,             F,      null],
    'own future':                             ['200',        '200',         '200',         F,             F,      null],
    'own draft':                              ['200',        '200',         '200',         '200',         F,      null],
    'own pending':                            ['200',        '200',         '200',         '200',         F,      null],
    'own private':                            ['200',        '200',         '200',         F,             F,      null],
    'own draft, trashed':                     ['200',        '200',         '200',         '200',         F,      null],
    'own draft, asking for publish':          ['200 publish', '200 publish', '200 publish', '200 pending', F,      null],
    "others' publish":                        ['200',        '200',         F,             F,             F,      A],
    "others' draft":                          ['200',        '200',         F,             F,             F,      A],
    "others' pending":                        ['200',        '200',         F,             F,             F,      A],
    "others' private":                        ['200',        '200',         F,             F,             F,      A],
    "others' publish, trashed":               ['200',        '200',         F,             F,             F,      A],
  }
  it.each(matrix(`PATCH /${plural}/<id>`, update))('%s | %s | %s → %s', async (who, content, _route, expected) => {
    const post = await targetFor(kind, who, content)
    const asks = TARGETS[content]!.asks
    const res = await api.patch(`/${plural}/${post.id}`, { [title]: `${post.title} (renamed)`, ...(asks ? { status: asks } : {}) }, actors[who].headers)
    expect(answer(res, expected)).toBe(expected)
    const after = (await stored(kind, post.id))!
    if (res.status === 200) {
      expect(after.title).toBe(`${post.title} (renamed)`)
      expect(after.status).toBe(expected.split(' ')[1] ?? post.status)
    } else {
      expect([after.title, after.status]).toEqual([post.title, post.status])
    }
    expectNoSecrets(res)
  })

  const T = `410 ${kind}-is-in-trash`
  //                                          admin          editor         author         contrib        subscr  anon
  const trash = {
    'own publish':                            ['200 trash',  '200 trash',   '200 trash',   F,             F,      null],
    'own future':                             ['200 trash',  '200 trash',   '200 trash',   F,             F,      null],
    'own draft':                              ['200 trash',  '200 trash',   '200 trash',   '200 trash',   F,      null],
    'own pending':                            ['200 trash',  '200 trash',   '200 trash',   '200 trash',   F,      null],
    'own private':                            ['200 trash',  '200 trash',   '200 trash',   F,             F,      null],
    'own draft, trashed':                     [T,            T,             T,             T,             F,      null],
    "others' publish":                        ['200 trash',  '200 trash',   F,             F,             F,      A],
    "others' draft":                          ['200 trash',  '200 trash',   F,             F,             F,      A],
    "others' pending":                        ['200 trash',  '200 trash',   F,             F,             F,      A],
    "others' private":                        ['200 trash',  '200 trash',   F,             F,             F,      A],
    "others' publish, trashed":               [T,            T,             F,             F,             F,      A],
  }
  it.each(matrix(`DELETE /${plural}/<id>`, trash))('%s | %s | %s → %s', async (who, content, _route, expected) => {
    const before = await targetFor(kind, who, content)
    const res = await api.delete(`/${plural}/${before.id}`, actors[who].headers)
    expect(answer(res, expected)).toBe(expected)
    const after = (await stored(kind, before.id))!
    if (res.status === 200) {
      expect(after.deletedAt).toBeTruthy()
      expect(after.slug).toBe(`${before.slug}__trashed`)
    } else {
      expect([after.deletedAt ?? null, after.slug, after.status]).toEqual([before.deletedAt ?? null, before.slug, before.status])
    }
    // Trashing never deletes for good (reference 6.7).
    expect(after.title).toBe(before.title)
    expectNoSecrets(res)
  })
})

describe('term writes (reference 9.3: edit_posts and manage_terms, editors and administrators)', () => {
  //                                          admin  editor author contrib subscr anon
  const grid = {
    'POST /categories: a new category':       ['201', '201', F,     F,      F,     A],
    'PATCH /tags/<id>: a tag':                ['200', '200', F,     F,      F,     A],
    'DELETE /categories/<id>: a category':    ['200', '200', F,     F,      F,     A],
  }
  const rows: Row[] = matrix('', grid).map(([who, content, , expected]) => {
    const [route, what] = content.split(': ') as [string, string]
    return [who, what, route, expected]
  })
  it.each(rows)('%s | %s | %s → %s', async (who, _content, route, expected) => {
    written += 1
    const name = `Matrix term ${written} for ${who}`
    const headers = actors[who].headers
    const count = async (collection: 'event-categories' | 'event-tags', where: Record<string, unknown>) =>
      (await app.payload.count({ collection, where: where as never, overrideAccess: true })).totalDocs
    let res: ApiResponse
    if (route.startsWith('POST')) {
      res = await api.post('/categories', { name }, headers)
      expect(await count('event-categories', { name: { equals: name } })).toBe(res.status === 201 ? 1 : 0)
    } else if (route.startsWith('PATCH')) {
      const tag = await app.payload.create({ collection: 'event-tags', data: { name } })
      res = await api.patch(`/tags/${tag.id}`, { name: `${name} (renamed)` }, headers)
      const after = await app.payload.findByID({ collection: 'event-tags', id: tag.id })
      expect(after.name).toBe(res.status === 200 ? `${name} (renamed)` : name)
    } else {
      const category = await app.payload.create({ collection: 'event-categories', data: { name } })
      res = await api.delete(`/categories/${category.id}`, headers)
      expect(await count('event-categories', { id: { equals: category.id } })).toBe(res.status === 200 ? 0 : 1)
    }
    expect(answer(res, expected)).toBe(expected)
    expectNoSecrets(res)
  })
})

// ---------------------------------------------------------------------------------------------------
// Application passwords over HTTP Basic, as `curl -u user:"xxxx xxxx xxxx xxxx xxxx xxxx"` sends them.

describe('application passwords (reference 1.3)', () => {
  const SIGNED_IN: Who[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber']
  const basic: Partial<Record<Who, Record<string, string>>> = {}
  const wrong: Partial<Record<Who, Record<string, string>>> = {}
  /** curl -u login:password: "Basic " + base64 of the UTF-8 bytes of login:password, spaces and all. */
  const curlU = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}` })
  let draft: Post

  beforeAll(async () => {
    await signInLimits.clear()
    for (const who of SIGNED_IN) {
      const { plain } = await createAppPassword(app.payload, { user: `actor-${who}`, name: 'matrix' })
      PLAIN_SECRETS.push(plain, plain.replace(/ /g, ''))
      basic[who] = curlU(`actor-${who}`, plain)
      // A well-formed password that is not theirs: another role's would do too, but stay obvious.
      wrong[who] = curlU(`actor-${who}`, 'abcd efgh ijkl mnop qrst uvwx')
    }
    draft = await seed('event', 'Matrix event basic draft (editor)', { status: 'draft', author: actors.editor.id })
  })

  const NO = '403 event-not-accessible'
  const I = '401 incorrect_password'
  //                                                            admin          editor         author         contrib        subscr
  const grid = {
    'application password | POST /events':                      ['201 publish', '201 publish', '201 publish', '201 pending', F],
    "application password | GET /events/<id> (editor's draft)": ['200',         '200',         NO,            NO,            NO],
    'wrong application password | GET /events':                 [I,             I,             I,             I,             I],
  }
  const rows: Row[] = matrix('', grid, SIGNED_IN).map(([who, content, , expected]) => {
    const [credential, route] = content.split(' | ') as [string, string]
    return [who, credential, route, expected]
  })
  it.each(rows)('%s | %s | %s → %s', async (who, credential, route, expected) => {
    const headers = credential === 'application password' ? basic[who]! : wrong[who]!
    let res: ApiResponse
    if (route === 'POST /events') {
      written += 1
      const name = `Basic event ${written} by ${who}`
      res = await api.post('/events', { title: name, status: 'publish', start_date: wpDateIn(90), end_date: wpDateIn(90.1) }, headers)
      if (res.status === 201) {
        const doc = (await stored('event', res.body.id))!
        expect([doc.title, doc.author, doc.status]).toEqual([name, actors[who].id, expected.split(' ')[1]])
      }
    } else if (route.startsWith('GET /events/')) {
      res = await api.get(`/events/${draft.id}`, headers)
    } else {
      res = await api.get(`/events?${WINDOW}`, headers)
    }
    expect(answer(res, expected)).toBe(expected)
    expectNoSecrets(res)
  })
})
