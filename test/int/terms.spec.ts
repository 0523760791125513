import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { env } from '../../src/env.js'
import { type Actor, createActors } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
const base = `${env.SITE_URL}${env.REST_PREFIX}/calendar/events/v1`

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  actors = await createActors(app, 'terms')
})
afterAll(async () => {
  await app?.close()
})

type Route = 'categories' | 'tags'
const TAXONOMIES = [
  { route: 'categories' as const, collection: 'event-categories' as const, taxonomy: 'tribe_events_cat', other: 'tags' as const },
  { route: 'tags' as const, collection: 'event-tags' as const, taxonomy: 'post_tag', other: 'categories' as const },
]
const collectionOf = (route: Route) => (route === 'categories' ? 'event-categories' : 'event-tags')

/** A term through the Local API (no HTTP), as the admin would make it. */
async function makeTerm(route: Route, data: { name: string; description?: string; slug?: string; parent?: number }) {
  const doc = await app.payload.create({ collection: collectionOf(route), data, overrideAccess: true })
  return doc.id as number
}

let eventSeq = 0
/** An event using the given terms, with a status; `trashed` moves it to Payload's trash. */
async function makeEvent(terms: { categories?: number[]; tags?: number[] }, status = 'publish', trashed = false) {
  eventSeq++
  const doc = await app.payload.create({
    collection: 'events',
    data: {
      title: `Terms event ${eventSeq}`,
      startDate: '2030-05-01T18:00:00.000Z',
      endDate: '2030-05-01T20:00:00.000Z',
      status,
      ...terms,
      ...(trashed ? { deletedAt: new Date().toISOString() } : {}),
    } as never,
    overrideAccess: true,
  })
  return doc.id as number
}

const eventTerms = (route: Route, ids: number[]) => (route === 'categories' ? { categories: ids } : { tags: ids })
const invalid = (...names: string[]) => ({
  code: 'rest_invalid_param',
  message: `Invalid parameter(s): ${names.join(', ')}`,
  data: { status: 400, params: Object.fromEntries(names.map((n) => [n, 'Invalid parameter.'])), details: [] },
})
const ids = (body: any, route: Route) => (body[route] as Array<{ id: number }>).map((t) => t.id)

describe.each(TAXONOMIES)('GET /$route', ({ route, taxonomy, other }) => {
  // Three used terms and one unused, all named with a prefix no other test uses.
  const p = `${route}list`
  let alpha: number, beta: number, gamma: number, empty: number
  beforeAll(async () => {
    alpha = await makeTerm(route, { name: `${p} Alpha`, description: 'First' })
    beta = await makeTerm(route, { name: `${p} Beta`, description: 'Second', slug: `${p}-second` })
    gamma = await makeTerm(route, { name: `${p} Gamma`, description: 'Third' })
    empty = await makeTerm(route, { name: `${p} Delta`, description: 'Unused' })
    await makeEvent(eventTerms(route, [alpha, beta, gamma]))
    await makeEvent(eventTerms(route, [beta, gamma]))
    await makeEvent(eventTerms(route, [gamma]))
  })

  it('answers the archive in the reference key order, with totals in the body and the headers', async () => {
    const res = await api.get(`/${route}?search=${p}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-tec-total')).toBe('3')
    expect(res.headers.get('x-tec-totalpages')).toBe('1')
    expect(res.headers.get('allow')).toBe('GET')
    expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', route])
    expect(res.body.rest_url).toBe(`${base}/${route}/`)
    expect(res.body.total).toBe(3)
    expect(res.body.total_pages).toBe(1)
    expect(ids(res.body, route)).toEqual([alpha, beta, gamma])
    const [first] = res.body[route]
    const keys = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', ...(route === 'categories' ? ['parent'] : []), 'meta', 'url', 'urls']
    expect(Object.keys(first)).toEqual(keys)
    expect(first).toMatchObject({
      id: alpha,
      count: 1,
      description: 'First',
      name: `${p} Alpha`,
      slug: `${p}-alpha`,
      taxonomy,
      meta: [],
      url: route === 'categories' ? `${env.SITE_URL}/events/category/${p}-alpha/` : `${env.SITE_URL}/tag/${p}-alpha/`,
      urls: { self: `${base}/${route}/${alpha}`, collection: `${base}/${route}` },
    })
    if (route === 'categories') expect(first.parent).toBe(0)
  })

  it('hides terms without published events unless hide_empty is false', async () => {
    expect(ids((await api.get(`/${route}?search=${p}&hide_empty=1`)).body, route)).toEqual([alpha, beta, gamma])
    for (const off of ['0', 'false', '']) {
      const res = await api.get(`/${route}?search=${p}&hide_empty=${off}`)
      expect(ids(res.body, route)).toEqual([alpha, beta, empty, gamma])
    }
    const bad = await api.get(`/${route}?hide_empty=maybe`)
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): hide_empty',
      data: {
        status: 400,
        params: { hide_empty: 'hide_empty is not of type boolean.' },
        details: { hide_empty: { code: 'rest_invalid_type', message: 'hide_empty is not of type boolean.', data: { param: 'hide_empty' } } },
      },
    })
  })

  it('pages with next and previous links from the page number alone; a page past the end is empty', async () => {
    const one = await api.get(`/${route}?search=${p}&per_page=2`)
    expect(one.body).toMatchObject({ total: 3, total_pages: 2, next_rest_url: `${base}/${route}/?page=2` })
    expect(Object.keys(one.body)).toEqual(['rest_url', 'total', 'total_pages', route, 'next_rest_url'])
    expect(ids(one.body, route)).toEqual([alpha, beta])
    const two = await api.get(`/${route}?search=${p}&per_page=2&page=2`)
    expect(Object.keys(two.body)).toEqual(['rest_url', 'total', 'total_pages', route, 'previous_rest_url'])
    expect(two.body.previous_rest_url).toBe(`${base}/${route}/`)
    expect(two.body.rest_url).toBe(`${base}/${route}/`)
    expect(ids(two.body, route)).toEqual([gamma])
    const far = await api.get(`/${route}?search=${p}&per_page=2&page=999999999999999`)
    expect(far.status).toBe(200)
    expect(far.body[route]).toEqual([])
    const past = await api.get(`/${route}?search=${p}&per_page=2&page=4`)
    expect(past.status).toBe(200)
    expect(past.body).toEqual({ rest_url: `${base}/${route}/`, total: 3, total_pages: 2, [route]: [], previous_rest_url: `${base}/${route}/?page=3` })
    expect(past.headers.get('x-tec-total')).toBe('3')
  })

  it.each(['0', '-1', 'two', '1.5', ''])('refuses page and per_page "%s"', async (value) => {
    expect((await api.get(`/${route}?page=${value}`)).body).toEqual(invalid('page'))
    expect((await api.get(`/${route}?per_page=${value}`)).body).toEqual(invalid('per_page'))
  })

  it('searches names and slugs, case-insensitively; an empty search is refused', async () => {
    expect(ids((await api.get(`/${route}?search=${p.toUpperCase()}%20GAM`)).body, route)).toEqual([gamma])
    // "second" is only in Beta's slug.
    expect(ids((await api.get(`/${route}?search=${p}-second`)).body, route)).toEqual([beta])
    expect((await api.get(`/${route}?search=zzz-no-such-term`)).body).toMatchObject({ total: 0, total_pages: 0, [route]: [] })
    expect((await api.get(`/${route}?search=`)).body).toEqual(invalid('search'))
  })

  it('includes and excludes IDs given as CSV or as an array', async () => {
    expect(ids((await api.get(`/${route}?include=${gamma},${alpha}`)).body, route)).toEqual([alpha, gamma])
    expect(ids((await api.get(`/${route}?include[]=${gamma}&include[]=${beta}`)).body, route)).toEqual([beta, gamma])
    expect(ids((await api.get(`/${route}?search=${p}&exclude=${alpha},${gamma}`)).body, route)).toEqual([beta])
    expect(ids((await api.get(`/${route}?search=${p}&exclude[]=${beta}`)).body, route)).toEqual([alpha, gamma])
  })

  it('refuses include and exclude naming unknown terms or terms of the other taxonomy', async () => {
    const foreign = await makeTerm(other, { name: `${p} foreign` })
    for (const value of ['999999', `${alpha},999999`, String(foreign), 'abc', '']) {
      expect((await api.get(`/${route}?include=${value}&exclude=${value}`)).body).toEqual(invalid('exclude', 'include'))
    }
  })

  it('orders by name by default, and by every supported attribute either way', async () => {
    const list = async (query: string) => ids((await api.get(`/${route}?search=${p}&hide_empty=0&${query}`)).body, route)
    expect(await list('')).toEqual([alpha, beta, empty, gamma])
    expect(await list('order=desc')).toEqual([gamma, empty, beta, alpha])
    expect(await list('order=DESC&orderby=name')).toEqual([gamma, empty, beta, alpha])
    expect(await list('orderby=term_group')).toEqual([alpha, beta, empty, gamma])
    expect(await list('orderby=id')).toEqual([alpha, beta, gamma, empty])
    expect(await list('orderby=ID&order=desc')).toEqual([empty, gamma, beta, alpha])
    // Slugs: …-alpha, …-delta, …-gamma, …-second.
    expect(await list('orderby=slug')).toEqual([alpha, empty, gamma, beta])
    // Counts 0, 1, 2, 3.
    expect(await list('orderby=count')).toEqual([empty, alpha, beta, gamma])
    expect(await list('orderby=count&order=desc')).toEqual([gamma, beta, alpha, empty])
    // Descriptions: First, Second, Third, Unused.
    expect(await list('orderby=description&order=desc')).toEqual([empty, gamma, beta, alpha])
    expect(await list(`orderby=include&include=${gamma},${alpha},${empty}`)).toEqual([gamma, alpha, empty])
    expect(await list(`orderby=include&include=${gamma},${alpha},${empty}&order=desc`)).toEqual([empty, alpha, gamma])
    expect(await list('orderby=include')).toEqual([alpha, beta, empty, gamma])
    expect(await list(`orderby=include_slugs&slug=${p}-second`)).toEqual([beta])
  })

  it('refuses an order or orderby it does not know, or an empty one', async () => {
    for (const value of ['sideways', '', 'asc;drop']) expect((await api.get(`/${route}?order=${value}`)).body).toEqual(invalid('order'))
    for (const value of ['title', '', 'rand']) expect((await api.get(`/${route}?orderby=${value}`)).body).toEqual(invalid('orderby'))
    expect((await api.get(`/${route}?order=up&orderby=down&per_page=0`)).body).toEqual(invalid('per_page', 'order', 'orderby'))
  })

  it('finds a term by slug; an unknown slug is an empty list, an empty one is refused', async () => {
    const res = await api.get(`/${route}?slug=${p}-second`)
    expect(res.status).toBe(200)
    expect(ids(res.body, route)).toEqual([beta])
    expect((await api.get(`/${route}?slug=${p}-nothing`)).body).toMatchObject({ total: 0, total_pages: 0, [route]: [] })
    expect((await api.get(`/${route}?slug=`)).body).toEqual(invalid('slug'))
  })

  it('limits the list to the terms of one event with post or event (event wins)', async () => {
    const [one, two] = [await makeEvent(eventTerms(route, [alpha])), await makeEvent(eventTerms(route, [beta, gamma]))]
    const none = await makeEvent({})
    expect(ids((await api.get(`/${route}?post=${one}`)).body, route)).toEqual([alpha])
    expect(ids((await api.get(`/${route}?event=${two}`)).body, route)).toEqual([beta, gamma])
    expect(ids((await api.get(`/${route}?post=${one}&event=${two}`)).body, route)).toEqual([beta, gamma])
    expect((await api.get(`/${route}?event=${none}`)).body).toMatchObject({ total: 0, [route]: [] })
    // An unknown post or a venue is not an event.
    const venue = await app.payload.create({ collection: 'venues', data: { title: 'Not an event' } as never, overrideAccess: true })
    for (const value of ['', 'foo', '999999', String(venue.id)]) {
      expect((await api.get(`/${route}?post=${value}&event=${value}`)).body).toEqual(invalid('post', 'event'))
    }
  })

  it('accepts only events the caller can see for post and event', async () => {
    const draft = await makeEvent(eventTerms(route, [alpha]), 'draft')
    expect((await api.get(`/${route}?event=${draft}`)).body).toEqual(invalid('event'))
    expect((await api.get(`/${route}?event=${draft}`, actors.subscriber.headers)).body).toEqual(invalid('event'))
    // The draft does not count, so hide_empty would still show alpha (published events use it).
    const res = await api.get(`/${route}?event=${draft}`, actors.editor.headers)
    expect(res.status).toBe(200)
    expect(ids(res.body, route)).toEqual([alpha])
  })

  it('keeps the terms of a password-protected event from callers who cannot read them', async () => {
    const locked = (await app.payload.create({
      collection: 'events',
      data: {
        title: 'Locked terms',
        startDate: '2030-05-01T18:00:00.000Z',
        endDate: '2030-05-01T20:00:00.000Z',
        status: 'publish',
        password: 'open sesame',
        ...eventTerms(route, [beta]),
      } as never,
      overrideAccess: true,
    })).id
    expect((await api.get(`/${route}?event=${locked}`)).body).toMatchObject({ total: 0, [route]: [] })
    expect(ids((await api.get(`/${route}?event=${locked}`, actors.editor.headers)).body, route)).toEqual([beta])
  })
})

describe('GET /categories: hierarchy', () => {
  let music: number, jazz: number, bebop: number, sports: number
  beforeAll(async () => {
    music = await makeTerm('categories', { name: 'Tree Music' })
    jazz = await makeTerm('categories', { name: 'Tree Jazz', parent: music })
    bebop = await makeTerm('categories', { name: 'Tree Bebop', parent: jazz })
    sports = await makeTerm('categories', { name: 'Tree Sports' })
    await makeEvent({ categories: [music, jazz, bebop, sports] })
  })

  it('builds the front-end url from every ancestor slug, and up from the parent', async () => {
    const res = await api.get('/categories?search=tree')
    const bebopItem = res.body.categories.find((c: { id: number }) => c.id === bebop)
    expect(bebopItem).toMatchObject({
      parent: jazz,
      url: `${env.SITE_URL}/events/category/tree-music/tree-jazz/tree-bebop/`,
      urls: { self: `${base}/categories/${bebop}`, collection: `${base}/categories`, up: `${base}/categories/${jazz}` },
    })
    expect(res.body.categories.find((c: { id: number }) => c.id === music).urls.up).toBeUndefined()
  })

  it('limits to the children of a parent, which must be an existing category', async () => {
    expect(ids((await api.get(`/categories?parent=${music}`)).body, 'categories')).toEqual([jazz])
    expect(ids((await api.get(`/categories?parent=${jazz}`)).body, 'categories')).toEqual([bebop])
    expect((await api.get(`/categories?parent=${bebop}`)).body).toMatchObject({ total: 0 })
    const tag = await makeTerm('tags', { name: 'Tree tag' })
    for (const value of ['', '0', '999999', 'abc', String(tag)]) {
      expect((await api.get(`/categories?parent=${value}`)).body).toEqual(invalid('parent'))
    }
  })

  it('orders by parent, top-level categories (parent 0) first', async () => {
    const list = async (order: string) => ids((await api.get(`/categories?search=tree&orderby=parent&order=${order}`)).body, 'categories')
    expect(await list('asc')).toEqual([music, sports, jazz, bebop])
    expect(await list('desc')).toEqual([bebop, jazz, sports, music])
  })

  it('tags declare no parent filter: it is ignored', async () => {
    const res = await api.get('/tags?parent=abc&hide_empty=0&search=tree')
    expect(res.status).toBe(200)
  })
})

describe('GET /tags: per_page is capped at 50', () => {
  it('answers at most 50 terms a page and counts pages with the capped size', async () => {
    for (let i = 0; i < 52; i++) await makeTerm('tags', { name: `Bulk ${String(i).padStart(2, '0')}` })
    const res = await api.get('/tags?search=bulk&hide_empty=0&per_page=100')
    expect(res.status).toBe(200)
    expect(res.body.tags).toHaveLength(50)
    expect(res.body).toMatchObject({ total: 52, total_pages: 2, next_rest_url: `${base}/tags/?page=2` })
    const two = await api.get('/tags?search=bulk&hide_empty=0&per_page=100&page=2')
    expect(two.body.tags.map((t: { name: string }) => t.name)).toEqual(['Bulk 50', 'Bulk 51'])
    // The default page size is 10.
    expect((await api.get('/tags?search=bulk&hide_empty=0')).body).toMatchObject({ total: 52, total_pages: 6 })
  })
})

describe.each(TAXONOMIES)('GET /$route/<id>', ({ route, taxonomy, other }) => {
  let id: number
  beforeAll(async () => {
    id = await makeTerm(route, { name: `${route} Single`, description: 'One of a kind' })
    await makeEvent(eventTerms(route, [id]))
  })

  it('answers the term with _links pointing at this namespace', async () => {
    const res = await api.get(`/${route}/${id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('allow')).toBe('GET')
    expect(res.body).toEqual({
      id,
      count: 1,
      description: 'One of a kind',
      name: `${route} Single`,
      slug: `${route}-single`,
      taxonomy,
      ...(route === 'categories' ? { parent: 0 } : {}),
      meta: [],
      url: route === 'categories' ? `${env.SITE_URL}/events/category/${route}-single/` : `${env.SITE_URL}/tag/${route}-single/`,
      urls: { self: `${base}/${route}/${id}`, collection: `${base}/${route}` },
      _links: {
        self: [{ href: `${base}/${route}/${id}`, targetHints: { allow: ['GET'] } }],
        collection: [{ href: `${base}/${route}` }],
        'wp:post_type': [{ href: `${base}/events?${route}=${id}` }],
        curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
      },
    })
  })

  it('lists the methods the caller may use in Allow and in targetHints', async () => {
    for (const role of ['administrator', 'editor'] as const) {
      const res = await api.get(`/${route}/${id}`, actors[role].headers)
      expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE')
      expect(res.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    }
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      const res = await api.get(`/${route}/${id}`, actors[role].headers)
      expect(res.headers.get('allow')).toBe('GET')
      expect(res.body._links.self[0].targetHints.allow).toEqual(['GET'])
    }
    expect((await api.get(`/${route}`, actors.editor.headers)).headers.get('allow')).toBe('GET, POST')
  })

  it('refuses an unknown ID or a term of the other taxonomy with 400 on id', async () => {
    const foreign = await makeTerm(other, { name: `${route} foreign single` })
    for (const value of [999999, foreign]) {
      const res = await api.get(`/${route}/${value}`)
      expect(res.status).toBe(400)
      expect(res.body).toEqual(invalid('id'))
    }
  })

  it('has no route for a non-numeric ID', async () => {
    for (const path of [`/${route}/abc`, `/${route}/1a`, `/${route}/-1`]) {
      const res = await api.get(path)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } })
    }
  })
})

describe('GET /categories/<id> of a child', () => {
  it('adds up to _links and the ancestors to url', async () => {
    const parent = await makeTerm('categories', { name: 'Single Parent' })
    const child = await makeTerm('categories', { name: 'Single Child', parent })
    const res = await api.get(`/categories/${child}`)
    expect(res.body).toMatchObject({
      parent,
      url: `${env.SITE_URL}/events/category/single-parent/single-child/`,
      urls: { up: `${base}/categories/${parent}` },
      _links: { up: [{ embeddable: true, href: `${base}/categories/${parent}` }] },
    })
  })
})

describe.each(TAXONOMIES)('POST /$route', ({ route, taxonomy }) => {
  const admin = () => actors.administrator.headers

  it('creates a term: 201, the term with _links, and a Location at this namespace', async () => {
    const res = await api.post(`/${route}`, { name: `${route} Created`, description: 'New here', slug: `${route}-made` }, admin())
    expect(res.status).toBe(201)
    const id = res.body.id
    expect(res.headers.get('location')).toBe(`${base}/${route}/${id}`)
    expect(res.body).toMatchObject({
      id,
      count: 0,
      description: 'New here',
      name: `${route} Created`,
      slug: `${route}-made`,
      taxonomy,
      meta: [],
      _links: { self: [{ href: `${base}/${route}/${id}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } }] },
    })
    const stored = await app.payload.findByID({ collection: collectionOf(route), id, depth: 0 })
    expect(stored).toMatchObject({ name: `${route} Created`, description: 'New here', slug: `${route}-made` })
    expect((await api.get(`/${route}/${id}`)).body.name).toBe(`${route} Created`)
  })

  it('accepts a form-encoded body and derives the slug from the name', async () => {
    const res = await api.call('POST', `/${route}`, { body: { name: `  ${route} Form Café  ` }, headers: admin(), form: true })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: `${route} Form Café`, slug: `${route}-form-cafe`, description: '' })
  })

  it('requires a name, and refuses empty or non-string fields', async () => {
    const missing = await api.post(`/${route}`, { description: 'No name' }, admin())
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } })
    expect((await api.post(`/${route}`, { name: 'X', description: '' }, admin())).body).toEqual(invalid('description'))
    expect((await api.post(`/${route}`, { name: ' ', slug: '' }, admin())).body).toEqual(invalid('name', 'slug'))
    const typed = await api.post(`/${route}`, { name: ['a'] }, admin())
    expect(typed.status).toBe(400)
    expect(typed.body.data.params).toEqual({ name: 'name is not of type string.' })
    expect((await api.post(`/${route}`, { name: 'x'.repeat(201) }, admin())).body).toEqual(invalid('name'))
  })

  it('refuses a duplicate name, case-insensitively, with term_exists and the existing ID', async () => {
    const first = await api.post(`/${route}`, { name: `${route} Twice` }, admin())
    const res = await api.post(`/${route}`, { name: `${route.toUpperCase()} TWICE`, description: 'Again' }, admin())
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'term_exists',
      message:
        route === 'categories'
          ? 'A term with the name provided already exists with this parent.'
          : 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: first.body.id },
      additional_data: [first.body.id, first.body.id],
    })
    const { totalDocs } = await app.payload.count({ collection: collectionOf(route), where: { description: { equals: 'Again' } } })
    expect(totalDocs).toBe(0)
  })

  it('gives a new term a free slug when the one asked for is taken', async () => {
    await api.post(`/${route}`, { name: `${route} Slug One`, slug: `${route}-shared` }, admin())
    const res = await api.post(`/${route}`, { name: `${route} Slug Two`, slug: `${route}-shared` }, admin())
    expect(res.status).toBe(201)
    expect(res.body.slug).toBe(`${route}-shared-2`)
  })
})

describe('POST /categories: parents', () => {
  const admin = () => actors.administrator.headers

  it('creates a child, allows the same name under another parent, refuses it under the same one', async () => {
    const parent = (await api.post('/categories', { name: 'Family Parent' }, admin())).body.id
    const child = await api.post('/categories', { name: 'Family Parent', parent }, admin())
    expect(child.status).toBe(201)
    expect(child.body).toMatchObject({ parent, url: `${env.SITE_URL}/events/category/family-parent/family-parent-2/` })
    expect(child.body._links.up).toEqual([{ embeddable: true, href: `${base}/categories/${parent}` }])
    const again = await api.post('/categories', { name: 'family parent', parent }, admin())
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: child.body.id } })
    // Same name at the top level: the top-level one exists.
    expect((await api.post('/categories', { name: 'FAMILY PARENT' }, admin())).body.data.term_id).toBe(parent)
  })

  it('refuses a parent that is not an existing category', async () => {
    const tag = await makeTerm('tags', { name: 'Parent tag' })
    for (const parent of [999999, tag, 0, '', 'abc']) {
      expect((await api.post('/categories', { name: `Orphan ${parent}`, parent }, admin())).body).toEqual(invalid('parent'))
    }
  })

  it('refuses a parent for a tag with rest_taxonomy_not_hierarchical', async () => {
    const parent = await makeTerm('tags', { name: 'Tag parent' })
    const res = await api.post('/tags', { name: 'Tag child', parent }, admin())
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'rest_taxonomy_not_hierarchical',
      message: 'Cannot set parent term, taxonomy is not hierarchical.',
      data: { status: 400 },
    })
    const { totalDocs } = await app.payload.count({ collection: 'event-tags', where: { name: { equals: 'Tag child' } } })
    expect(totalDocs).toBe(0)
    // The same on update.
    const update = await api.patch(`/tags/${parent}`, { name: 'Renamed', parent }, admin())
    expect(update.body.code).toBe('rest_taxonomy_not_hierarchical')
    expect((await app.payload.findByID({ collection: 'event-tags', id: parent })).name).toBe('Tag parent')
  })
})

describe.each(TAXONOMIES)('POST|PUT|PATCH /$route/<id>', ({ route, other }) => {
  const admin = () => actors.administrator.headers

  it('updates only the fields sent, with every method', async () => {
    const id = await makeTerm(route, { name: `${route} Editable`, description: 'Before', slug: `${route}-editable` })
    const post = await api.post(`/${route}/${id}`, { description: 'After' }, admin())
    expect(post.status).toBe(200)
    expect(post.body).toMatchObject({ id, name: `${route} Editable`, description: 'After', slug: `${route}-editable` })
    expect(post.body._links.self[0].href).toBe(`${base}/${route}/${id}`)
    const put = await api.put(`/${route}/${id}`, { name: `${route} Renamed` }, admin())
    expect(put.body).toMatchObject({ name: `${route} Renamed`, description: 'After', slug: `${route}-editable` })
    const patch = await api.patch(`/${route}/${id}`, { slug: `${route} New Slug` }, admin())
    expect(patch.body).toMatchObject({ name: `${route} Renamed`, description: 'After', slug: `${route}-new-slug` })
    const nothing = await api.patch(`/${route}/${id}`, {}, admin())
    expect(nothing.status).toBe(200)
    expect(nothing.body).toMatchObject({ name: `${route} Renamed`, slug: `${route}-new-slug` })
    expect(await app.payload.findByID({ collection: collectionOf(route), id })).toMatchObject({
      name: `${route} Renamed`,
      description: 'After',
      slug: `${route}-new-slug`,
    })
  })

  it('refuses a slug another term has with duplicate_term_slug, and changes nothing', async () => {
    await makeTerm(route, { name: `${route} Holder`, slug: `${route}-taken` })
    const id = await makeTerm(route, { name: `${route} Wanter` })
    const res = await api.patch(`/${route}/${id}`, { name: `${route} Changed`, slug: `${route.toUpperCase()}-TAKEN` }, admin())
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'duplicate_term_slug',
      message: `The slug "${route}-taken" is already in use by another term.`,
      data: { status: 400 },
    })
    expect(await app.payload.findByID({ collection: collectionOf(route), id })).toMatchObject({ name: `${route} Wanter`, slug: `${route}-wanter` })
    // Its own slug is not a duplicate.
    expect((await api.patch(`/${route}/${id}`, { slug: `${route}-wanter` }, admin())).status).toBe(200)
  })

  it('refuses an unknown ID, a term of the other taxonomy, and empty fields', async () => {
    const foreign = await makeTerm(other, { name: `${route} foreign update` })
    for (const value of [999999, foreign]) expect((await api.post(`/${route}/${value}`, { name: 'X' }, admin())).body).toEqual(invalid('id'))
    const id = await makeTerm(route, { name: `${route} Strict` })
    expect((await api.post(`/${route}/${id}`, { name: '', description: '' }, admin())).body).toEqual(invalid('name', 'description'))
  })

  it('acts on the ID in the body over the one in the path (body wins, reference 1.1)', async () => {
    const a = await makeTerm(route, { name: `${route} Path` })
    const b = await makeTerm(route, { name: `${route} Body` })
    const res = await api.post(`/${route}/${a}`, { id: b, description: 'Via body' }, admin())
    expect(res.body.id).toBe(b)
    expect((await app.payload.findByID({ collection: collectionOf(route), id: a })).description ?? '').toBe('')
  })
})

describe('POST /categories/<id>: parents', () => {
  const admin = () => actors.administrator.headers

  it('moves a category under another one', async () => {
    const a = await makeTerm('categories', { name: 'Move A' })
    const b = await makeTerm('categories', { name: 'Move B' })
    const res = await api.patch(`/categories/${b}`, { parent: a }, admin())
    expect(res.body).toMatchObject({ parent: a, url: `${env.SITE_URL}/events/category/move-a/move-b/` })
  })

  it('refuses to make a category its own ancestor', async () => {
    const root = await makeTerm('categories', { name: 'Loop Root' })
    const mid = await makeTerm('categories', { name: 'Loop Mid', parent: root })
    const leaf = await makeTerm('categories', { name: 'Loop Leaf', parent: mid })
    for (const parent of [root, mid, leaf]) {
      const res = await api.patch(`/categories/${root}`, { parent, name: 'Loop Renamed' }, admin())
      expect(res.status).toBe(400)
      expect(res.body).toEqual(invalid('parent'))
    }
    const stored = await app.payload.findByID({ collection: 'event-categories', id: root, depth: 0 })
    expect(stored.name).toBe('Loop Root')
    expect(stored.parent ?? null).toBeNull()
  })
})

describe.each(TAXONOMIES)('DELETE /$route/<id>', ({ route, taxonomy }) => {
  const admin = () => actors.administrator.headers

  it('deletes for good, answers the deleted term without _links, then 400 on a second delete', async () => {
    const id = await makeTerm(route, { name: `${route} Doomed`, description: 'Bye' })
    const event = await makeEvent(eventTerms(route, [id]))
    const res = await api.delete(`/${route}/${id}`, admin())
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id,
      count: 1,
      description: 'Bye',
      name: `${route} Doomed`,
      slug: `${route}-doomed`,
      taxonomy,
      ...(route === 'categories' ? { parent: 0 } : {}),
      meta: [],
      url: route === 'categories' ? `${env.SITE_URL}/events/category/${route}-doomed/` : `${env.SITE_URL}/tag/${route}-doomed/`,
      urls: { self: `${base}/${route}/${id}`, collection: `${base}/${route}` },
    })
    expect(await app.payload.count({ collection: collectionOf(route), where: { id: { equals: id } } })).toEqual({ totalDocs: 0 })
    const again = await api.delete(`/${route}/${id}`, admin())
    expect(again.status).toBe(400)
    expect(again.body).toEqual(invalid('id'))
    expect((await api.get(`/${route}/${id}`)).body).toEqual(invalid('id'))
    // The event that used it reads back without it.
    const stored = await app.payload.findByID({ collection: 'events', id: event, depth: 0 })
    expect(stored[route] ?? []).toEqual([])
  })
})

describe('DELETE /categories/<id> of a parent', () => {
  it('moves its children up to its own parent', async () => {
    const top = await makeTerm('categories', { name: 'Gone Top' })
    const middle = await makeTerm('categories', { name: 'Gone Middle', parent: top })
    const child = await makeTerm('categories', { name: 'Gone Child', parent: middle })
    expect((await api.delete(`/categories/${middle}`, actors.editor.headers)).status).toBe(200)
    const res = await api.get(`/categories/${child}`)
    expect(res.body).toMatchObject({ parent: top, url: `${env.SITE_URL}/events/category/gone-top/gone-child/` })
  })

  it('does the same when the category is deleted outside the namespace (admin, /api)', async () => {
    const top = await makeTerm('categories', { name: 'Admin Top' })
    const middle = await makeTerm('categories', { name: 'Admin Middle', parent: top })
    const child = await makeTerm('categories', { name: 'Admin Child', parent: middle })
    await app.payload.delete({ collection: 'event-categories', id: middle })
    expect((await api.get(`/categories/${child}`)).body.parent).toBe(top)
  })
})

describe.each(TAXONOMIES)('permissions on /$route writes', ({ route }) => {
  const denied = (status: number) => ({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status } })

  it.each(['anonymous', 'subscriber', 'contributor', 'author'] as const)('refuses every write to %s', async (role) => {
    const id = await makeTerm(route, { name: `${route} Guarded ${role}` })
    const status = role === 'anonymous' ? 401 : 403
    const headers = actors[role].headers
    const attempts = [
      await api.post(`/${route}`, { name: `${route} By ${role}` }, headers),
      await api.post(`/${route}/${id}`, { name: 'Hijacked' }, headers),
      await api.put(`/${route}/${id}`, { name: 'Hijacked' }, headers),
      await api.patch(`/${route}/${id}`, { name: 'Hijacked' }, headers),
      await api.delete(`/${route}/${id}`, headers),
    ]
    for (const res of attempts) {
      expect(res.status).toBe(status)
      expect(res.body).toEqual(denied(status))
    }
    expect((await app.payload.findByID({ collection: collectionOf(route), id })).name).toBe(`${route} Guarded ${role}`)
    expect((await app.payload.count({ collection: collectionOf(route), where: { name: { equals: `${route} By ${role}` } } })).totalDocs).toBe(0)
  })

  it.each(['editor', 'administrator'] as const)('lets %s create, update and delete', async (role) => {
    const headers = actors[role].headers
    const created = await api.post(`/${route}`, { name: `${route} By ${role}` }, headers)
    expect(created.status).toBe(201)
    expect((await api.patch(`/${route}/${created.body.id}`, { description: 'Edited' }, headers)).body.description).toBe('Edited')
    expect((await api.delete(`/${route}/${created.body.id}`, headers)).status).toBe(200)
  })

  it('validates before checking permission (reference 1.1)', async () => {
    expect((await api.delete(`/${route}/999999`)).body).toEqual(invalid('id'))
    expect((await api.post(`/${route}`, {})).body.code).toBe('rest_missing_callback_param')
    expect((await api.post(`/${route}`, { name: 'X', description: '' }, actors.subscriber.headers)).body).toEqual(invalid('description'))
  })
})

describe.each(TAXONOMIES)('counts of /$route', ({ route }) => {
  it('counts only published, untrashed events, in lists, single terms and hide_empty', async () => {
    const id = await makeTerm(route, { name: `${route} Counted` })
    const uses = eventTerms(route, [id])
    const countOf = async () => {
      const single = (await api.get(`/${route}/${id}`)).body.count
      const listed = (await api.get(`/${route}?hide_empty=0&include=${id}`)).body[route][0].count
      expect(listed).toBe(single)
      return single
    }
    const shown = async () => (await api.get(`/${route}?include=${id}`)).body.total
    for (const status of ['draft', 'pending', 'private', 'future']) await makeEvent(uses, status)
    await makeEvent(uses, 'publish', true)
    expect(await countOf()).toBe(0)
    expect(await shown()).toBe(0)
    const published = await makeEvent(uses)
    await makeEvent(uses)
    expect(await countOf()).toBe(2)
    expect(await shown()).toBe(1)
    // Unpublishing or trashing one takes it out of the count.
    await app.payload.update({ collection: 'events', id: published, data: { status: 'draft' } as never, overrideAccess: true })
    expect(await countOf()).toBe(1)
    const other = await makeEvent(uses)
    expect(await countOf()).toBe(2)
    await app.payload.update({ collection: 'events', id: other, data: { deletedAt: new Date().toISOString() } as never, overrideAccess: true, trash: true })
    expect(await countOf()).toBe(1)
    expect((await api.get(`/${route}?include=${id}&orderby=count`)).body.total).toBe(1)
  })
})

describe('discovery of the term routes', () => {
  it('lists the four routes in registration order with their arguments', async () => {
    const index = (await api.get('/')).body
    const paths = Object.keys(index.routes).filter((p) => /categories|tags/.test(p))
    expect(paths).toEqual([
      '/calendar/events/v1/categories',
      '/calendar/events/v1/categories/(?P<id>\\d+)',
      '/calendar/events/v1/tags',
      '/calendar/events/v1/tags/(?P<id>\\d+)',
    ])
    const list = index.routes['/calendar/events/v1/categories']
    expect(list.methods).toEqual(['GET', 'POST'])
    expect(Object.keys(list.endpoints[0].args)).toEqual([
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'order',
      'orderby',
      'hide_empty',
      'parent',
      'post',
      'event',
      'slug',
    ])
    expect(list.endpoints[0].args.per_page).toMatchObject({ default: '10', type: 'integer', required: false })
    expect(list.endpoints[0].args.hide_empty).toMatchObject({ default: '1', type: 'boolean' })
    expect(list.endpoints[1].args.name).toMatchObject({ type: 'string', required: true })
    expect(Object.keys(index.routes['/calendar/events/v1/tags'].endpoints[0].args)).not.toContain('parent')
    expect(Object.keys(index.routes['/calendar/events/v1/tags'].endpoints[1].args)).toEqual(['name', 'description', 'slug'])
    expect(index.routes['/calendar/events/v1/tags/(?P<id>\\d+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
  })

  it('translates the descriptions under a language segment', async () => {
    const res = await fetch(`${app.origin}/fr${env.REST_PREFIX}/calendar/events/v1/categories`, { method: 'OPTIONS' })
    const entry = await res.json()
    expect(entry.endpoints[0].args.hide_empty.description).toBe('Masquer ou non les termes attribués à aucune publication')
  })
})
