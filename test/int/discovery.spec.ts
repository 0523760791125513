import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { openApiPath } from '../../endpoints/openapi/openApiDocument.js'
import { ROUTES } from '../../endpoints/routes.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

const getJson = async (url: string) => {
  const res = await fetch(url)
  expect(res.status).toBe(200)
  return res.json()
}

/** What a declaration's type looks like on the wire: WordPress omits it on dates and lists. */
const openApiType = (spec: { type?: string; items?: unknown }) => spec.type ?? (spec.items ? 'array' : 'string')

describe('GET /doc', () => {
  it('is a valid OpenAPI 3.0 document with the reference top level, schemas and path order', async () => {
    const doc = await getJson(`${app.api}/doc`)
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths'])
    expect(doc.openapi).toBe('3.0.0')
    expect(doc.info).toEqual({
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    })
    // The reference's schemas in its order, then the answers it leaves undocumented.
    expect(Object.keys(doc.components.schemas)).toEqual([
      'ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer',
      'EventArchive', 'VenueArchive', 'OrganizerArchive', 'CategoryArchive', 'TagArchive', 'Error',
      // The change feed's answer (an extension, docs/api.md).
      'ChangeFeed',
    ])
    // The port is kept (docs/api.md, deliberate difference 6).
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000/wp-json/calendar/events/v1/' }])
    expect(Object.keys(doc.paths)).toEqual(ROUTES.filter((r) => r.pattern !== '').map((r) => openApiPath(r.pattern)))
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy()
  })

  it('documents every declared parameter with the same type and default as the index', async () => {
    const [doc, index] = await Promise.all([getJson(`${app.api}/doc`), getJson(`${app.api}/`)])
    for (const route of ROUTES) {
      const entry = index.routes[`/calendar/events/v1${route.pattern}`]
      expect(entry).toBeDefined()
      route.endpoints.forEach((endpoint, i) => {
        const visible = Object.entries(endpoint.params).filter(([, spec]) => !(spec as { hidden?: boolean }).hidden)
        const args = entry.endpoints[i].args
        expect(Object.keys(Array.isArray(args) ? {} : args)).toEqual(visible.map(([name]) => name))
        if (route.pattern === '') return
        for (const method of endpoint.methods) {
          const op = doc.paths[openApiPath(route.pattern)][method.toLowerCase()]
          expect(op).toBeDefined()
          const documented: Record<string, { type: string; default?: unknown }> = {}
          for (const p of op.parameters ?? []) documented[p.name] = p.schema
          const body = op.requestBody?.content['application/x-www-form-urlencoded'].schema.properties ?? {}
          Object.assign(documented, body)
          for (const [name, spec] of visible) {
            expect({ name, type: documented[name]?.type }).toEqual({ name, type: openApiType(spec) })
            const indexDefault = args[name].default
            // Request-time defaults (start_date, end_date) move with the clock: /doc leaves them out, as the reference does.
            if (typeof spec.default === 'function') {
              expect({ name, documented: documented[name]?.default }).toEqual({ name, documented: undefined })
            } else if (indexDefault !== undefined && typeof indexDefault !== 'object') {
              expect({ name, default: documented[name]?.default }).toEqual({ name, default: indexDefault })
            }
          }
        }
      })
    }
  })
})

describe('GET /doc, stable and complete', () => {
  it('is the same document from one second to the next', async () => {
    const first = await (await fetch(`${app.api}/doc`)).text()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await (await fetch(`${app.api}/doc`)).text()).toBe(first)
  })

  it('names every operation once and declares the sign-in schemes writes need', async () => {
    const doc = await getJson(`${app.api}/doc`)
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId?: string; security?: unknown[] }>))
    const ids = operations.map((op) => op.operationId)
    expect(ids.length).toBeGreaterThan(30)
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expect.arrayContaining(['listEvents', 'createEvent', 'getEvent', 'deleteEvent', 'getEventBySlug', 'listCategories', 'getDoc']))
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['applicationPassword', 'jwt', 'sessionCookie'])
    expect(doc.components.securitySchemes.applicationPassword).toMatchObject({ type: 'http', scheme: 'basic' })
    expect(doc.paths['/events'].post.security).toEqual([{ applicationPassword: [] }, { jwt: [] }, { sessionCookie: [] }])
    expect(doc.paths['/events'].get.security[0]).toEqual({})
    // Term filters take IDs, slugs and names.
    const categories = doc.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'categories')
    expect(categories.schema).toEqual({ type: 'array', items: { type: 'string' } })
  })
})

describe('localized descriptions and messages', () => {
  it('serves /doc in French with the same names, types and paths', async () => {
    const [en, fr] = await Promise.all([getJson(`${app.api}/doc`), getJson(`${app.origin}/fr/wp-json/calendar/events/v1/doc`)])
    expect(fr.info.title).not.toBe(en.info.title)
    expect(Object.keys(fr.paths)).toEqual(Object.keys(en.paths))
    expect(Object.keys(fr.components.schemas.Event.properties)).toEqual(Object.keys(en.components.schemas.Event.properties))
    expect(fr.components.schemas.Venue.properties.venue.description).not.toBe(en.components.schemas.Venue.properties.venue.description)
    expect(fr.servers[0].url).toBe('http://localhost:3000/fr/wp-json/calendar/events/v1/')
  })

  it.each(['fr', 'de', 'es'])('translates error messages (%s) but keeps codes and statuses', async (lang) => {
    const res = await fetch(`${app.origin}/${lang}/wp-json/calendar/events/v1/nope`)
    expect(res.status).toBe(404)
    const body = await res.json()
    expect(body.code).toBe('rest_no_route')
    expect(body.data).toEqual({ status: 404 })
    expect(body.message).not.toBe('No route was found matching the URL and request method.')
  })
})

describe('the tribe/events/v1 alias', () => {
  it('answers like the primary namespace', async () => {
    const [primary, alias] = await Promise.all([getJson(`${app.api}/doc`), getJson(`${app.origin}/wp-json/tribe/events/v1/doc`)])
    expect(Object.keys(alias.paths)).toEqual(Object.keys(primary.paths))
    expect(alias.servers[0].url).toBe('http://localhost:3000/wp-json/tribe/events/v1/')
    const index = await getJson(`${app.origin}/wp-json/tribe/events/v1/`)
    expect(Object.keys(index.routes)).toEqual(Object.keys((await getJson(`${app.api}/`)).routes).map((k) => k.replace('calendar/events/v1', 'tribe/events/v1')))
  })

  it('serves the same resources, with its own namespace in every URL it emits', async () => {
    const venue = await app.payload.create({ collection: 'venues', data: { title: 'Alias Hall' } })
    const event = await app.payload.create({
      collection: 'events',
      data: { title: 'Alias gig', startDate: '2027-02-01T20:00:00Z', endDate: '2027-02-01T22:00:00Z', venues: [venue.id] },
    })
    for (const path of ['/events?start_date=2027-01-01', `/events/${event.id}`, '/venues', `/venues/${venue.id}`, '/categories?hide_empty=0']) {
      const primary = await getJson(`${app.api}${path}`)
      const alias = await getJson(`${app.origin}/wp-json/tribe/events/v1${path}`)
      expect(JSON.stringify(alias)).toBe(JSON.stringify(primary).replaceAll('calendar/events/v1', 'tribe/events/v1'))
    }
    const missing = await fetch(`${app.origin}/wp-json/tribe/events/v1/events/999999`)
    expect([missing.status, (await missing.json()).code]).toEqual([404, 'rest-event-not-found'])
  })
})
