import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors } from '../helpers/actors.js'
import { createEvent, createPost } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { readsBelow, type StatementLog, watchStatements } from '../helpers/watchStatements.js'

// How often one authenticated write looks its post up. Validation, the Allow header's permission
// checks, the permission check and the handler all need its owner and status; they share one lookup.

// Measured: 9 before the lookup was shared (5 lookups of the event by the namespace), 5 after.
const READS_OF_ONE_UPDATE = 5

let app: TestApp
let actors: Awaited<ReturnType<typeof createActors>>
let localCalls: string[] = []
let adapterReads: string[] = []
/** The statements run (SQL databases), where the lookups below the Local API are counted. */
let log: StatementLog | null = null
const statements = () => log?.statements ?? []

// The Local API methods that read, and the adapter methods that read, whatever the adapter.
const LOCAL_READS = ['find', 'findByID', 'count']
const ADAPTER_READS = ['find', 'findOne', 'count', 'findDistinct', 'queryDrafts', 'findVersions', 'findGlobal']

type CallArgs = { collection?: string; id?: unknown; where?: { id?: { equals?: unknown } } } | undefined

/** method:collection, and `:by-id` when the call looks one document up by its ID. */
function describeCall(name: string, args: CallArgs): string {
  const byId = args?.id !== undefined || args?.where?.id?.equals !== undefined
  return `${name}:${args?.collection ?? ''}${byId ? ':by-id' : ''}`
}

function instrument(target: Record<string, unknown>, names: string[], into: () => string[]) {
  // A name the object lacks would count nothing and let the assertions pass unmeasured.
  expect(names.filter((name) => typeof target[name] !== 'function')).toEqual([])
  for (const name of names) {
    const original = target[name] as (...a: unknown[]) => unknown
    target[name] = function (this: unknown, ...args: unknown[]) {
      into().push(describeCall(name, args[0] as CallArgs))
      return original.apply(this, args)
    }
  }
}

beforeAll(async () => {
  app = await initTestApp()
  actors = await createActors(app)
  instrument(app.payload as unknown as Record<string, unknown>, LOCAL_READS, () => localCalls)
  instrument(app.payload.db as unknown as Record<string, unknown>, ADAPTER_READS, () => adapterReads)
  log = watchStatements(app.payload)
  if (app.payload.db.name !== 'mongoose') expect(log).not.toBeNull()
}, 180_000)

afterAll(async () => {
  await app?.close()
})

describe('one authenticated write', () => {
  it('looks its event up once: PUT /events/<id> by its author', async () => {
    const id = await createEvent(app.payload, 'Mine', { author: actors.author.id })
    localCalls = []
    adapterReads = []
    if (log) log.statements = []
    const res = await apiClient(app.api).put(`/events/${id}`, { title: 'Renamed' }, actors.author.headers)
    expect(res.status).toBe(200)
    expect(res.body.title).toBe('Renamed')
    // Every Local API call that looked the event up by its ID: validation, the Allow header's two
    // permission checks, the permission check and the handler share the first one.
    // On the SQL databases the lookup is read below the Local API (locatePost): a statement by ID.
    const lookups = [...localCalls.filter((call) => call.endsWith(':events:by-id')), ...readsBelow(statements(), 'events', 'id')]
    expect(lookups).toHaveLength(1)
    // The database reads of the whole request, the write's own and its hooks' included (the lookup
    // through the adapter, or below it on the SQL databases).
    expect(adapterReads.length).toBeGreaterThan(0)
    expect(adapterReads.length + readsBelow(statements(), 'events', 'id').length).toBe(READS_OF_ONE_UPDATE)
  })

  it('a venue too: DELETE /venues/<id> by its author', async () => {
    const venue = await createPost(app.payload, 'venues', { title: 'My hall', author: actors.author.id })
    localCalls = []
    if (log) log.statements = []
    const res = await apiClient(app.api).delete(`/venues/${venue}`, actors.author.headers)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('trash')
    // Before: validation, the Allow header (twice), the permission check and the handler, five lookups.
    expect([...localCalls.filter((call) => call.endsWith(':venues:by-id')), ...readsBelow(statements(), 'venues', 'id')]).toHaveLength(1)
  })
})
