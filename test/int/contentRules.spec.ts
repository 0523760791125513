import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initI18n } from '@payloadcms/translations'
import fc from 'fast-check'
import { createClientConfig } from 'payload'
import { sanitizeRichHtml } from '../../collections/markup/sanitizeRichHtml.js'
import { stripMarkup } from '../../collections/markup/stripMarkup.js'
import type { Role } from '../../collections/roles.js'
import { env } from '../../src/env.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// What the collections let authors store, whatever the entry point (the namespace, /api, GraphQL):
// images in descriptions, markup by role (WordPress's kses and unfiltered_html), http(s)-only web
// addresses; and what the admin's client config tells a signed-in user about the server.

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
let images: ImageServer

const START = '2027-06-10 19:00:00'
const END = '2027-06-10 22:00:00'
const as = (role: Role) => actors[role].headers
const event = (extra: Record<string, unknown> = {}) => ({ title: 'Event', start_date: START, end_date: END, ...extra })
const when = { startDate: '2027-06-10T19:00:00Z', endDate: '2027-06-10T22:00:00Z' }

const text = (value: string) => ({ type: 'text', text: value, format: 0, detail: 0, mode: 'normal', style: '', version: 1 })
const upload = (media: number) => ({ type: 'upload', version: 3, format: '', id: 'node1', fields: null, relationTo: 'media', value: media })
const richText = (...children: unknown[]) => ({
  root: {
    type: 'root', format: '', indent: 0, version: 1, direction: null,
    children: [{ type: 'paragraph', format: '', indent: 0, version: 1, direction: null, textFormat: 0, children }],
  },
})

const HOSTILE = ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', '<style']
const expectHarmless = (value: string) => {
  for (const marker of HOSTILE) expect(value.toLowerCase()).not.toContain(marker)
}

beforeAll(async () => {
  images = await startImageServer()
  app = await initTestApp({ allowPrivateImageHosts: true })
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'content')
}, 180_000)
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
  await images?.close()
})

describe('images in descriptions', () => {
  it('are stored in the media library and served from it on the namespace (they answered 500)', async () => {
    const res = await api.post('/events', event({ description: `<p>Poster: <img src="${images.origin}/image.png" alt="The poster"> here</p>` }), as('author'))
    expect(res.status).toBe(201)
    const media = await app.payload.find({ collection: 'media', where: { alt: { equals: 'The poster' } }, overrideAccess: true })
    expect(media.docs).toHaveLength(1)
    const url = new URL(media.docs[0]!.url as string, env.SITE_URL).href
    expect(url).toMatch(/\/api\/media\/file\/image.*\.png$/)
    const read = await api.get(`/events/${res.body.id}`)
    expect(read.status).toBe(200)
    expect(read.body.description).toContain(`<img src="${url}" alt="The poster" width="8" height="6" />`)
    expect(read.body.description).toContain('Poster:')
    // The stored file is served (the upload directory resolves at run time).
    const file = await payloadApi.request('GET', new URL(url).pathname)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
  })

  it("link to this site's own image rather than copying it", async () => {
    const media = await app.payload.create({
      collection: 'media',
      data: { alt: 'Own image' },
      file: { data: images.png, mimetype: 'image/png', name: 'own.png', size: images.png.length },
    })
    const before = (await app.payload.count({ collection: 'media', overrideAccess: true })).totalDocs
    const res = await api.post('/events', event({ description: `<p><img src="${new URL(media.url!, env.SITE_URL).href}"></p>` }), as('editor'))
    expect(res.status).toBe(201)
    expect((await app.payload.count({ collection: 'media', overrideAccess: true })).totalDocs).toBe(before)
    expect(res.body.description).toContain(`<img src="${new URL(media.url!, env.SITE_URL).href}" alt="Own image"`)
  })

  it('are kept as sent when they cannot be fetched: the save goes through, never 500', async () => {
    const res = await api.post('/events', event({ description: `<p><img src="${images.origin}/missing.png"></p>` }), as('administrator'))
    expect(res.status).toBe(201)
    expect(res.body.description).toContain(`<img src="${images.origin}/missing.png"`)
  })

  it('render as <img> in the stored HTML when written through /api and GraphQL', async () => {
    const media = await app.payload.create({
      collection: 'media',
      data: { alt: 'Stage' },
      file: { data: images.png, mimetype: 'image/png', name: 'stage.png', size: images.png.length },
    })
    const created = await payloadApi.request('POST', '/api/events', {
      body: { title: 'With image', ...when, status: 'publish', description: richText(text('Stage: '), upload(media.id as number)) },
      headers: as('editor'),
    })
    expect(created.status).toBe(201)
    const src = new URL(media.url!, env.SITE_URL).href
    expect(created.body.doc.descriptionHtml).toContain(`<img src="${src}" alt="Stage" width="8" height="6" />`)
    const wire = await api.get(`/events/${created.body.doc.id}`)
    expect(wire.body.description).toContain(`<img src="${src}"`)

    const graph = await payloadApi.graphql(
      'mutation ($description: JSON) { createEvent(data: { title: "Graph image", status: publish, startDate: "2027-06-10T19:00:00Z", endDate: "2027-06-10T22:00:00Z", description: $description }) { id descriptionHtml } }',
      as('author'),
      { description: richText(upload(media.id as number)) },
    )
    expect(graph.body.errors).toBeUndefined()
    expect(graph.body.data.createEvent.descriptionHtml).toContain(`<img src="${src}"`)
  })
})

describe('markup', () => {
  const TITLE = '<script>alert(1)</script>Jazz <b>night</b> &amp; more'

  it("is stripped from an author's titles and excerpts and filtered out of descriptions, on the namespace", async () => {
    const res = await api.post(
      '/events',
      event({
        title: TITLE,
        excerpt: 'Short <img src=x onerror="alert(2)">excerpt',
        description: '<p onclick="alert(3)">Hello <strong>world</strong><script>alert(4)</script> <a href="javascript:alert(5)">bad</a> <a href="https://ok.example/">good</a></p><iframe src="https://evil.example"></iframe>',
        venue: { venue: 'Club <script>alert(6)</script>', address: '<b>1</b> Main St', city: '<i>Paris</i>' },
        organizer: { organizer: 'Org <img src=x onerror=alert(7)>', phone: '<script>x</script>555' },
      }),
      as('author'),
    )
    expect(res.status).toBe(201)
    const read = await api.get(`/events/${res.body.id}`)
    expect(read.body.title).toBe('Jazz night & more')
    expect(read.body.excerpt).toBe('<p>Short excerpt</p>')
    expect(read.body.description).toContain('<strong>world</strong>')
    expect(read.body.description).toContain('<a href="https://ok.example/"')
    expectHarmless(read.body.description)
    expect(read.body.venue.venue).toBe('Club')
    expect(read.body.venue.address).toBe('1 Main St')
    expect(read.body.venue.city).toBe('Paris')
    expect(read.body.organizer[0].organizer).toBe('Org')
    expect(read.body.organizer[0].phone).toBe('555')
    // Slugs and URLs spell the title's words ("script-alert-6"); they are not markup.
    expectHarmless(JSON.stringify(read.body, (key, value) => (['slug', 'url', 'website'].includes(key) ? undefined : value)))
  })

  it('is stripped on /api and GraphQL too, for authors and contributors', async () => {
    const venue = await payloadApi.request('POST', '/api/venues', {
      body: { title: '<script>alert(1)</script>Hall', city: '<img src=x onerror=alert(1)>Lyon' },
      headers: as('contributor'),
    })
    expect(venue.status).toBe(201)
    expect(venue.body.doc).toMatchObject({ title: 'Hall', city: 'Lyon' })

    const organizer = await payloadApi.graphql(
      'mutation { createOrganizer(data: { status: draft, title: "<script>alert(1)</script>Band", email: "<b>band@example.org</b>" }) { title email } }',
      as('author'),
    )
    expect(organizer.body.errors).toBeUndefined()
    expect(organizer.body.data.createOrganizer).toEqual({ title: 'Band', email: 'band@example.org' })

    const patched = await payloadApi.request('PATCH', `/api/venues/${venue.body.doc.id}`, {
      body: { title: 'Hall <iframe src="https://evil.example"></iframe>' },
      headers: as('contributor'),
    })
    expect(patched.status).toBe(200)
    expect(patched.body.doc.title).toBe('Hall')
  })

  it('links without a usable address keep their text instead of failing the write', async () => {
    const res = await api.post('/events', event({ description: '<p><a href="two words">spaced</a> <a>bare</a> <a href="https://ok.example/">ok</a></p>' }), as('editor'))
    expect(res.status).toBe(201)
    expect(res.body.description).toContain('spaced')
    expect(res.body.description).toContain('bare')
    expect(res.body.description).toContain('<a href="https://ok.example/"')
  })

  it('is kept for editors and administrators (unfiltered_html), as in WordPress', async () => {
    const res = await api.post('/events', event({ title: 'Jazz <b>night</b>', excerpt: '<em>Late</em>' }), as('editor'))
    expect(res.status).toBe(201)
    expect(res.body.title).toBe('Jazz <b>night</b>')
    expect(res.body.excerpt).toBe('<p><em>Late</em></p>')
  })

  it('is kept in term names and descriptions, which only editors and administrators write', async () => {
    const res = await api.post('/categories', { name: '<b>Blues</b>', description: '<em>Slow</em> songs' }, as('editor'))
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('<b>Blues</b>')
    expect(res.body.description).toBe('<em>Slow</em> songs')
    expect((await api.post('/categories', { name: 'Soul' }, as('author'))).status).toBe(403)
  })
})

describe('the filters, on hostile input', () => {
  // Strings built from the pieces of markup attacks: tags, entities, quotes, handlers, URL schemes.
  const PIECES = ['<', '>', '/', '!', '?', 'script', 'img', 'a', 'style', ' src=', ' href=', ' onerror=', '"', "'", '&lt;', '&gt;', '&amp;', '&#60;', 'javascript:', 'data:', 'x', ' ']
  const hostile = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''))
  // An opening or closing tag starts with "<" or "</" and a letter; "a < b" and a lone "</" are text.
  const TAG = /<\/?[a-z]/i
  // Text may spell "javascript:" or "onerror="; elements and attributes may not.
  const DANGER = /<script|<style|<[a-z][^>]*\s(on[a-z]*\s*=|(href|src)\s*=\s*["']?\s*(javascript|data):)/

  it('the checks recognise what they look for', () => {
    expect('x <b>y').toMatch(TAG)
    for (const bad of ['<script>x', '<img src="x" onerror="y">', '<a href="javascript:y">', "<img src='data:x'>"]) expect(bad).toMatch(DANGER)
  })

  it('plain text never holds a tag, and stripping twice changes nothing', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const plain = stripMarkup(input)
        expect(plain).not.toMatch(TAG)
        expect(stripMarkup(plain)).toBe(plain)
      }),
      { numRuns: 2000 },
    )
  })

  it('filtered HTML never holds a script, a handler or a javascript: URL', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const html = sanitizeRichHtml(input).toLowerCase()
        expect(html).not.toMatch(DANGER)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('web addresses', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example/', 'example.org'])(
    '%s is refused on /api with a 400 naming the field, for administrators too',
    async (website) => {
      for (const collection of ['events', 'venues', 'organizers']) {
        const res = await payloadApi.request('POST', `/api/${collection}`, {
          body: { title: 'Site', ...(collection === 'events' ? when : {}), website },
          headers: as('administrator'),
        })
        expect(res.status).toBe(400)
        expect(res.body.errors[0].data.errors).toEqual([expect.objectContaining({ message: 'Enter a web address starting with http:// or https://.', path: 'website' })])
      }
    },
  )

  it('javascript: is refused through GraphQL and on updates; http(s) and empty are kept', async () => {
    const graph = await payloadApi.graphql('mutation { createVenue(data: { status: publish, title: "V", website: "javascript:alert(1)" }) { id } }', as('editor'))
    expect(graph.body.errors?.[0]?.message).toMatch(/website/i)
    expect(await app.payload.count({ collection: 'venues', where: { website: { like: 'javascript' } }, overrideAccess: true })).toEqual({ totalDocs: 0 })

    const ok = await payloadApi.request('POST', '/api/organizers', { body: { title: 'Org', website: 'https://org.example/' }, headers: as('author') })
    expect(ok.status).toBe(201)
    const bad = await payloadApi.request('PATCH', `/api/organizers/${ok.body.doc.id}`, { body: { website: 'javascript:alert(1)' }, headers: as('author') })
    expect(bad.status).toBe(400)
    const cleared = await payloadApi.request('PATCH', `/api/organizers/${ok.body.doc.id}`, { body: { website: '' }, headers: as('author') })
    expect(cleared.status).toBe(200)
    const wire = await api.get(`/organizers/${ok.body.doc.id}`)
    expect(wire.status).toBe(200)
    expect(wire.body.website ?? '').not.toContain('javascript')
  })
})

it('a website stored before the rule does not block changes to other fields', async () => {
  const created = await payloadApi.request('POST', '/api/events', { body: { title: 'Legacy', ...when, status: 'publish' }, headers: as('editor') })
  expect(created.status).toBe(201)
  const id = created.body.doc.id
  // Written past validation, as an older version let it be written.
  await app.payload.db.updateOne({ collection: 'events', where: { id: { equals: id } }, data: { website: 'javascript:alert(1)' } })
  const renamed = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { title: 'Legacy renamed' }, headers: as('editor') })
  expect(renamed.status).toBe(200)
  const replaced = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { website: 'javascript:alert(2)' }, headers: as('editor') })
  expect(replaced.status).toBe(400)
})

describe("the admin's client config", () => {
  it.each(['editor', 'contributor'] as const)('sent to a signed-in %s holds no absolute server path', async (role) => {
    const i18n = await initI18n({ config: app.payload.config.i18n, context: 'client', language: 'en' })
    const client = createClientConfig({ config: app.payload.config, i18n, importMap: {}, user: actors[role].user as never })
    const serialized = JSON.stringify(client)
    // It is the whole config: the collections are in it.
    expect(serialized).toContain('"slug":"media"')
    expect(serialized).not.toContain(process.cwd())
    const media = (client.collections as Array<{ slug: string; upload?: { staticDir?: string } }>).find((c) => c.slug === 'media')
    expect(media?.upload?.staticDir).toBeDefined()
    expect(media!.upload!.staticDir!.startsWith('/')).toBe(false)
  })
})
