import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { COST_MESSAGE } from '../../collections/rules/eventCost.js'
import { END_BEFORE_START_MESSAGE, START_AFTER_END_MESSAGE } from '../../collections/rules/eventDates.js'
import { EMAIL_MESSAGE } from '../../collections/rules/emailAddress.js'
import { TIME_ZONE_MESSAGE } from '../../collections/rules/eventTimeZone.js'
import { WEBSITE_MESSAGE } from '../../collections/fields/websiteField.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// One rule per field, whatever the entry point: the same bad value sent to the calendar namespace,
// to Payload's REST (/api, over a socket) and to GraphQL is refused by all three, each in its own
// envelope, and nothing is stored; a good value is accepted by all three.

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>

const as = (role: Role) => actors[role].headers
const gqlString = (value: string) => JSON.stringify(value)

/** Namespace arguments, /api data and GraphQL data of an event with one field set. */
interface EventCase {
  name: string
  field: string
  message: string
  namespace: Record<string, unknown>
  data: Record<string, unknown>
  good: { namespace: Record<string, unknown>; data: Record<string, unknown> }
}

const START = '2027-06-10 19:00:00'
const END = '2027-06-10 22:00:00'
const when = { startDate: '2027-06-10T19:00:00.000Z', endDate: '2027-06-10T22:00:00.000Z' }

const EVENT_CASES: EventCase[] = [
  ...['Paris', 'Mars/Olympus', 'UTC+99'].map((zone) => ({
    name: `time zone ${zone}`,
    field: 'timezone',
    message: TIME_ZONE_MESSAGE,
    namespace: { timezone: zone },
    data: { timezone: zone },
    good: { namespace: { timezone: 'Europe/Paris' }, data: { timezone: 'UTC+2' } },
  })),
  {
    name: 'website javascript:',
    field: 'website',
    message: WEBSITE_MESSAGE,
    namespace: { website: 'javascript:alert(1)' },
    data: { website: 'javascript:alert(1)' },
    good: { namespace: { website: 'https://event.example/' }, data: { website: 'https://event.example/' } },
  },
  {
    name: 'cost of 201 characters',
    field: 'cost',
    message: COST_MESSAGE,
    namespace: { cost: 'x'.repeat(201) },
    data: { cost: 'x'.repeat(201) },
    good: { namespace: { cost: '5 - 50' }, data: { cost: '5 - 50' } },
  },
  {
    name: 'cost with a NUL character',
    field: 'cost',
    message: COST_MESSAGE,
    namespace: { cost: '20\u0000' },
    data: { cost: '20\u0000' },
    good: { namespace: { cost: ['10', '20'] }, data: { cost: '10, 20' } },
  },
]

const eventCount = async (where: Record<string, unknown>) =>
  (await app.payload.count({ collection: 'events', where: where as never, overrideAccess: true, trash: true })).totalDocs

/** GraphQL's createEvent with the event's dates and `fields` (strings), returning the answer. */
async function graphqlCreateEvent(title: string, fields: Record<string, unknown>, role: Role = 'editor') {
  const data = { title, status: 'publish', ...when, ...fields }
  const args = Object.entries(data)
    .map(([key, value]) => `${key}: ${key === 'status' ? value : gqlString(String(value))}`)
    .join(', ')
  return payloadApi.graphql(`mutation { createEvent(data: { ${args} }) { id status } }`, as(role))
}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'rules')
}, 180_000)
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

describe.each(EVENT_CASES)('event $name', (rule) => {
  it('is refused by the namespace, /api and GraphQL, each naming the field, and never stored', async () => {
    const title = `Bad ${rule.name}`
    const ns = await api.post('/events', { title, start_date: START, end_date: END, ...rule.namespace }, as('editor'))
    expect(ns.status).toBe(400)
    expect(ns.body.code).toBe('rest_invalid_param')
    expect(Object.keys(ns.body.data.params)).toEqual([rule.field])

    const rest = await payloadApi.request('POST', '/api/events', { body: { title, ...when, ...rule.data }, headers: as('editor') })
    expect(rest.status).toBe(400)
    expect(rest.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: rule.field, message: rule.message })])

    const graph = await graphqlCreateEvent(title, rule.data)
    expect(graph.body.data?.createEvent ?? null).toBeNull()
    expect(graph.body.errors?.[0]?.extensions?.data?.errors).toEqual([expect.objectContaining({ path: rule.field, message: rule.message })])

    expect(await eventCount({ title: { equals: title } })).toBe(0)
  })

  it('its good value is accepted by all three', async () => {
    const title = `Good ${rule.name}`
    const ns = await api.post('/events', { title, start_date: START, end_date: END, ...rule.good.namespace }, as('editor'))
    expect(ns.status).toBe(201)
    const rest = await payloadApi.request('POST', '/api/events', { body: { title, ...when, ...rule.good.data }, headers: as('editor') })
    expect(rest.status).toBe(201)
    const graph = await graphqlCreateEvent(title, rule.good.data)
    expect(graph.body.errors).toBeUndefined()
    expect(graph.body.data.createEvent.id).toEqual(expect.any(Number))
    expect(await eventCount({ title: { equals: title } })).toBe(3)
  })
})

describe('an end before the start', () => {
  it('is refused by /api and GraphQL next to the end; the namespace moves the end to the start (reference 6.3)', async () => {
    const title = 'Backwards'
    const backwards = { startDate: '2027-06-10T22:00:00.000Z', endDate: '2027-06-10T19:00:00.000Z' }
    const rest = await payloadApi.request('POST', '/api/events', { body: { title, ...backwards }, headers: as('editor') })
    expect(rest.status).toBe(400)
    expect(rest.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'endDate', message: END_BEFORE_START_MESSAGE })])
    const graph = await payloadApi.graphql(
      `mutation { createEvent(data: { status: publish, title: "${title}", startDate: "${backwards.startDate}", endDate: "${backwards.endDate}" }) { id } }`,
      as('editor'),
    )
    expect(graph.body.data?.createEvent ?? null).toBeNull()
    expect(graph.body.errors?.[0]?.extensions?.data?.errors).toEqual([expect.objectContaining({ path: 'endDate', message: END_BEFORE_START_MESSAGE })])
    expect(await eventCount({ title: { equals: title } })).toBe(0)

    // The namespace's own rule: never stored backwards either.
    const ns = await api.post('/events', { title, start_date: '2027-06-10 22:00:00', end_date: '2027-06-10 19:00:00', timezone: 'UTC' }, as('editor'))
    expect(ns.status).toBe(201)
    expect(ns.body.end_date).toBe(ns.body.start_date)
  })

  it('is refused on an update that moves either date past the other, and an unchanged stored one does not block other edits', async () => {
    const created = await payloadApi.request('POST', '/api/events', { body: { title: 'Ordered', ...when }, headers: as('editor') })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    const earlyEnd = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { endDate: '2027-06-10T18:00:00.000Z' }, headers: as('editor') })
    expect(earlyEnd.status).toBe(400)
    expect(earlyEnd.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'endDate', message: END_BEFORE_START_MESSAGE })])
    const lateStart = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { startDate: '2027-06-10T23:00:00.000Z' }, headers: as('editor') })
    expect(lateStart.status).toBe(400)
    expect(lateStart.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'startDate', message: START_AFTER_END_MESSAGE })])

    // Written past validation, as an older version let /api write it, with a zone that is none.
    await app.payload.db.updateOne({
      collection: 'events',
      where: { id: { equals: id } },
      data: { endDate: '2027-06-10T18:00:00.000Z', timezone: 'Paris', cost: 'y'.repeat(300) },
    })
    const renamed = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { title: 'Ordered, renamed' }, headers: as('editor') })
    expect(renamed.status).toBe(200)
    const rezoned = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { timezone: 'Mars/Olympus' }, headers: as('editor') })
    expect(rezoned.status).toBe(400)
  })
})

describe('an organizer e-mail', () => {
  it.each(['not-an-email', 'a@b', 'two@@example.org'])('%s is refused by the namespace, /api and GraphQL', async (email) => {
    const title = `Org ${email}`
    const ns = await api.post('/organizers', { organizer: title, email }, as('editor'))
    expect(ns.status).toBe(400)
    expect(ns.body.code).toBe('rest_invalid_param')
    expect(Object.keys(ns.body.data.params)).toEqual(['email'])

    const rest = await payloadApi.request('POST', '/api/organizers', { body: { title, email }, headers: as('editor') })
    expect(rest.status).toBe(400)
    expect(rest.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'email', message: EMAIL_MESSAGE })])

    const graph = await payloadApi.graphql(`mutation { createOrganizer(data: { status: publish, title: ${gqlString(title)}, email: ${gqlString(email)} }) { id } }`, as('editor'))
    expect(graph.body.data?.createOrganizer ?? null).toBeNull()
    expect(graph.body.errors?.[0]?.extensions?.data?.errors).toEqual([expect.objectContaining({ path: 'email', message: EMAIL_MESSAGE })])

    expect((await app.payload.count({ collection: 'organizers', where: { title: { equals: title } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('a good one is accepted by all three, and an update to a bad one is refused', async () => {
    const ns = await api.post('/organizers', { organizer: 'Org good ns', email: 'ns@example.org' }, as('editor'))
    expect(ns.status).toBe(201)
    const rest = await payloadApi.request('POST', '/api/organizers', { body: { title: 'Org good rest', email: 'rest@example.org' }, headers: as('editor') })
    expect(rest.status).toBe(201)
    const graph = await payloadApi.graphql('mutation { createOrganizer(data: { status: publish, title: "Org good gql", email: "gql@example.org" }) { id } }', as('editor'))
    expect(graph.body.errors).toBeUndefined()
    const update = await payloadApi.request('PATCH', `/api/organizers/${rest.body.doc.id}`, { body: { email: 'not-an-email' }, headers: as('editor') })
    expect(update.status).toBe(400)
    const nsUpdate = await api.post(`/organizers/${ns.body.id}`, { email: 'not-an-email' }, as('editor'))
    expect(nsUpdate.status).toBe(400)
  })
})

describe('status for the caller', () => {
  it('an unknown status is refused by all three', async () => {
    const ns = await api.post('/events', { title: 'Odd status', start_date: START, end_date: END, status: 'bogus' }, as('editor'))
    expect(ns.status).toBe(400)
    const rest = await payloadApi.request('POST', '/api/events', { body: { title: 'Odd status', ...when, status: 'bogus' }, headers: as('editor') })
    expect(rest.status).toBe(400)
    expect(rest.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'status' })])
    const graph = await graphqlCreateEvent('Odd status', { status: 'bogus' })
    expect(graph.body.errors?.length).toBeGreaterThan(0)
    expect(await eventCount({ title: { equals: 'Odd status' } })).toBe(0)
  })

  it("a contributor's publish becomes pending on all three", async () => {
    const ns = await api.post('/events', { title: 'Contributed', start_date: START, end_date: END, status: 'publish' }, as('contributor'))
    expect(ns.status).toBe(201)
    expect(ns.body.status).toBe('pending')
    const rest = await payloadApi.request('POST', '/api/events', { body: { title: 'Contributed', ...when, status: 'publish' }, headers: as('contributor') })
    expect(rest.status).toBe(201)
    expect(rest.body.doc.status).toBe('pending')
    const graph = await graphqlCreateEvent('Contributed', { status: 'publish' }, 'contributor')
    expect(graph.body.errors).toBeUndefined()
    expect(graph.body.data.createEvent.status).toBe('pending')
    const stored = await app.payload.find({ collection: 'events', where: { title: { equals: 'Contributed' } }, overrideAccess: true })
    expect(stored.docs.map((doc) => doc.status)).toEqual(['pending', 'pending', 'pending'])
  })
})
