import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import express from 'express'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { APIError } from 'payload'
import { env } from '../../src/env.js'
import { apiLimitsHook } from '../../src/guards/apiLimitsPlugin.js'
import { guardSettings, payloadGuards } from '../../src/guards/payloadGuards.js'
import { createActors } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// GraphQL's cost is bounded whatever the query's shape: aliases, depth, tokens, cost and batches are
// refused with a 400 before anything runs, and what is allowed cannot starve other requests.

let app: TestApp
let api: PayloadApi
let categoryId: number
let editorHeaders: Record<string, string>
const NS = `${env.REST_PREFIX}/calendar/events/v1`
const EVENTS = 60

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  const venue = await app.payload.create({ collection: 'venues', data: { title: 'Hall', status: 'publish' } as never })
  const organizer = await app.payload.create({ collection: 'organizers', data: { title: 'Org', status: 'publish' } as never })
  const category = await app.payload.create({ collection: 'event-categories', data: { name: 'Jazz' } })
  categoryId = category.id as number
  editorHeaders = (await createActors(app)).editor.headers
  for (let i = 0; i < EVENTS; i++) {
    await app.payload.create({
      collection: 'events',
      data: {
        title: `Event ${i}`,
        status: 'publish',
        startDate: '2027-06-01T18:00:00Z',
        endDate: '2027-06-01T20:00:00Z',
        venues: [venue.id],
        organizers: [organizer.id],
        categories: [category.id],
      } as never,
    })
  }
}, 300000)
afterAll(async () => {
  await api?.close()
  await app?.close()
})

const aliases = (n: number, selection = 'Events { docs { id } }') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${selection}`).join(' ')} }`

describe('refused with 400 and a GraphQL errors body, before anything runs', () => {
  it('the 300-alias query of the probe', async () => {
    const query = aliases(300)
    expect(query.length).toBeGreaterThan(6000)
    const res = await api.graphql(query)
    expect(res.status).toBe(400)
    expect(res.body.errors.length).toBeGreaterThan(0)
    expect(res.body.errors[0].message).toMatch(/aliases|tokens/i)
    expect(res.body.data).toBeUndefined()
  })

  it('the 200-alias query of the probe', async () => {
    const res = await api.graphql(aliases(200))
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/Aliases limit of 15 exceeded, found 200/)
  })

  it(`more than GRAPHQL_MAX_ALIASES (${env.GRAPHQL_MAX_ALIASES}) aliases, but not that many`, async () => {
    expect((await api.graphql(aliases(env.GRAPHQL_MAX_ALIASES))).status).toBe(200)
    expect((await api.graphql(aliases(env.GRAPHQL_MAX_ALIASES + 1))).status).toBe(400)
  })

  it(`a query deeper than GRAPHQL_MAX_DEPTH (${env.GRAPHQL_MAX_DEPTH})`, async () => {
    const nested = (n: number): string => (n === 0 ? 'id' : `id parent { ${nested(n - 1)} }`)
    const res = await api.graphql(`{ Events { docs { ${nested(env.GRAPHQL_MAX_DEPTH + 2)} } } }`)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/depth/i)
  })

  it(`a token flood (more than GRAPHQL_MAX_TOKENS, ${env.GRAPHQL_MAX_TOKENS})`, async () => {
    const res = await api.graphql(`{ Events { docs { ${'id '.repeat(env.GRAPHQL_MAX_TOKENS + 10)} } } }`)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/tokens/)
  })

  it('a query over GRAPHQL_MAX_COST', async () => {
    // Few aliases, shallow, few tokens, but many fields at depth: the cost rule is what stops it.
    const fields = 'id title slug status startDate endDate timezone allDay cost website featured sticky'
    const selection = `Events { docs { ${fields} venues { ${fields.split(' ').slice(0, 3).join(' ')} } parent { ${fields} parent { ${fields} parent { ${fields} } } } } }`
    const res = await api.graphql(aliases(env.GRAPHQL_MAX_ALIASES, selection))
    expect(env.GRAPHQL_MAX_COST).toBeLessThan(3900)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/cost/i)
  })

  it('a batch of 100 operations', async () => {
    const batch = Array.from({ length: 100 }, () => ({ query: '{ Events { docs { id } } }' }))
    const res = await api.request('POST', '/api/graphql', { body: batch })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/one operation per request/)
  })
})

describe('allowed queries', () => {
  it('a normal query still works', async () => {
    const res = await api.graphql(`{ Events(limit: 5) { docs { title venues { title } categories { name } } totalDocs } }`)
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.Events.docs).toHaveLength(5)
    expect(res.body.data.Events.totalDocs).toBe(EVENTS)
  })

  it(`one request lists at most GRAPHQL_MAX_DOCUMENTS (${env.GRAPHQL_MAX_DOCUMENTS}) documents in all below editor`, async () => {
    const pages = Math.ceil(env.GRAPHQL_MAX_DOCUMENTS / 100) + 2
    const res = await api.graphql(aliases(pages, 'Events(limit: 100) { docs { id } }'))
    expect(res.status).toBe(200)
    const lists = Array.from({ length: pages }, (_, i) => res.body.data[`a${i}`]).filter(Boolean)
    // Each list allowed was a full page (the calendar holds fewer events than that); the rest refused.
    expect(lists.length).toBe(Math.floor(env.GRAPHQL_MAX_DOCUMENTS / 100))
    for (const list of lists) expect(list.docs).toHaveLength(EVENTS)
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(
      `This query lists more than ${env.GRAPHQL_MAX_DOCUMENTS} documents in all; ask for fewer or page through them.`,
    )
    // An editor is not limited.
    const editorRes = await api.graphql(aliases(pages, 'Events(limit: 100) { docs { id } }'), editorHeaders)
    expect(editorRes.body.errors).toBeUndefined()
  })

  it('cannot starve the namespace: a GET answers while the largest allowed queries run', async () => {
    // As much as an anonymous request may ask for: a full page with every relationship, and aliases
    // up to the limit asking for more (refused once the request's documents are spent).
    const selection = 'Events(limit: 100) { docs { id title venues { id title } organizers { id title } categories { id name } } }'
    const heavy = aliases(env.GRAPHQL_MAX_ALIASES, selection)
    const finished: string[] = []
    const hostile = Array.from({ length: 4 }, (_, i) =>
      api.graphql(heavy).then((res) => {
        finished.push(`graphql ${i}`)
        return res
      }),
    )
    // A bare fetch: the shared client's first answer also fetches /doc to check it, which would be
    // timed here too.
    const single = fetch(`${api.origin}${NS}/categories/${categoryId}`).then((res) => {
      finished.push('namespace')
      return res
    })
    const [results, category] = await Promise.all([Promise.all(hostile), single])
    // The hostile queries were allowed and did their full page of work.
    for (const res of results) {
      expect(res.status).toBe(200)
      expect(res.body.data.a0.docs).toHaveLength(EVENTS)
      expect(res.body.data.a0.docs[0].venues[0].title).toBe('Hall')
    }
    expect(category.status).toBe(200)
    // The namespace read was not queued behind them.
    expect(finished.indexOf('namespace')).toBeLessThan(finished.length - 1)
  }, 300000)
})

describe('GRAPHQL=false', () => {
  it('answers /api/graphql and the playground 404', async () => {
    const off = express()
    off.all('/{*splat}', ...payloadGuards(app.payload, { ...guardSettings(), graphql: false }), (_req, res) => {
      res.status(200).json({ reached: true })
    })
    const server: Server = await new Promise((resolve) => {
      const s = off.listen(0, '127.0.0.1', () => resolve(s))
    })
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const post = await fetch(`${origin}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })
      expect(post.status).toBe(404)
      expect(await post.json()).toEqual({ errors: [{ message: 'Not Found' }] })
      expect((await fetch(`${origin}/api/graphql-playground`)).status).toBe(404)
      // The rest of /api is untouched.
      expect((await fetch(`${origin}/api/events`)).status).toBe(200)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('GRAPHQL_TIMEOUT_MS', () => {
  it('fails every operation of a request after its budget, so its work stops', async () => {
    const hook = apiLimitsHook({ maxLimit: 100, graphqlTimeoutMs: 0, graphqlMaxDocuments: 300 })
    const req = { payloadAPI: 'GraphQL', context: {}, user: null } as never
    const call = () => hook({ args: { limit: 10 }, operation: 'read', req, collection: {} as never, context: {} } as never)
    // The first operation starts the clock; once it has run out, the next one is refused.
    expect(call()).toBeDefined()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(call).toThrow(APIError)
    expect(call).toThrow(/budget/)
  })
})
