import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('namespace root', () => {
  it('answers GET / with the WordPress namespace index', async () => {
    const res = await fetch(`${app.api}/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('allow')).toBe('GET')
    const body = await res.json()
    expect(body.namespace).toBe('calendar/events/v1')
    const root = body.routes['/calendar/events/v1']
    expect(root).toMatchObject({
      namespace: 'calendar/events/v1',
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: {
            namespace: { default: 'calendar/events/v1', required: false },
            context: { default: 'view', required: false },
          },
        },
      ],
    })
    expect(root._links.self[0].href).toMatch(/\/wp-json\/calendar\/events\/v1$/)
    expect(body._links.up[0].href).toMatch(/\/wp-json\/$/)
  })

  it('answers without the trailing slash too, and HEAD like GET', async () => {
    expect((await fetch(app.api)).status).toBe(200)
    const head = await fetch(app.api, { method: 'HEAD' })
    expect(head.status).toBe(200)
  })

  it('answers OPTIONS with the route entry', async () => {
    const res = await fetch(app.api, { method: 'OPTIONS' })
    expect(res.status).toBe(200)
    expect((await res.json()).methods).toEqual(['GET'])
  })
})

describe('unknown routes and bad input', () => {
  const noRoute = {
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
    data: { status: 404 },
  }

  it.each(['/nope', '/events/abc/def', '/doc/x'])('GET %s is 404 rest_no_route', async (path) => {
    const res = await fetch(`${app.api}${path}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(noRoute)
  })

  it('a method the route lacks is 404 rest_no_route', async () => {
    const res = await fetch(app.api, { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(noRoute)
  })

  it('anything else under the REST root is 404 rest_no_route', async () => {
    const res = await fetch(`${app.origin}/wp-json/wp/v2/posts`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(noRoute)
  })

  it('a body that is not JSON is a 400 in the envelope', async () => {
    const res = await fetch(app.api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } })
  })
})

describe('language segments and the tribe alias', () => {
  it('serves the namespace behind each configured language', async () => {
    const res = await fetch(`${app.origin}/fr/wp-json/calendar/events/v1/`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body._links.up[0].href).toMatch(/\/fr\/wp-json\/$/)
  })

  it('an unknown language segment is 404 rest_no_route', async () => {
    const res = await fetch(`${app.origin}/xx/wp-json/calendar/events/v1/`)
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('rest_no_route')
  })

  it('answers under tribe/events/v1 too', async () => {
    const res = await fetch(`${app.origin}/wp-json/tribe/events/v1/`)
    expect(res.status).toBe(200)
    expect((await res.json()).namespace).toBe('tribe/events/v1')
  })
})
