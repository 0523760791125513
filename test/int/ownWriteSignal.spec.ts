// A process hears of every write through the database, its own included; its own writes empty its
// caches when they commit, so the signal arriving later must not empty them again (a cached answer
// computed after the commit would be thrown away for nothing, and tests reading HIT twice would flake).
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { SQLITE_POLL_MS } from '../../endpoints/cache/watchDatabaseWrites.js'
import { createEvent } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp

beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

const cacheOf = async () => {
  const res = await fetch(`${app.api}/events`)
  await res.arrayBuffer()
  return res.headers.get('x-cache')
}

it("keeps what it cached after its own write when that write's signal comes back", async () => {
  await createEvent(app.payload, 'Written here')
  expect(await cacheOf()).toBe('MISS')
  expect(await cacheOf()).toBe('HIT')
  // Long enough for SQLite's generation to be read twice, and for PostgreSQL's notification.
  await new Promise((resolve) => setTimeout(resolve, 3 * SQLITE_POLL_MS))
  expect(await cacheOf()).toBe('HIT')
  // Another write still empties it.
  await createEvent(app.payload, 'Written again')
  expect(await cacheOf()).toBe('MISS')
})
