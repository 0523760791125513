import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getPayload, type Payload } from 'payload'
import { createApp } from '../../src/app.js'
import { env } from '../../src/env.js'
import type { CalendarPluginOptions } from '../../lib/options.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { createTestDatabase, type TestDatabase } from './testDatabase.js'

export interface TestApp {
  payload: Payload
  /** http://127.0.0.1:<port> of the running app */
  origin: string
  /** origin + REST_PREFIX + /calendar/events/v1 */
  api: string
  database: TestDatabase
  close: () => Promise<void>
}

/** Boots Payload on a fresh database and serves the Express app on an ephemeral loopback port. */
export async function initTestApp(pluginOptions: CalendarPluginOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  // A key per database: getPayload caches instances by key, and a suite may boot several apps.
  const payload = await getPayload({ config: buildCalendarConfig(database.uri, database.kind, pluginOptions), key: database.uri })
  const server: Server = await new Promise((resolve) => {
    const s = createApp(payload).listen(0, '127.0.0.1', () => resolve(s))
    // Longer than fetch's own keep-alive, so on a busy machine the server never closes a connection
    // the client is about to reuse (a spurious ECONNRESET).
    s.keepAliveTimeout = 65_000
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    payload,
    origin,
    api: `${origin}${env.REST_PREFIX}/calendar/events/v1`,
    database,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await payload.destroy()
      // Payload's destroy() leaves the SQLite handle open; close it before the file is removed.
      if (database.kind === 'sqlite') (payload.db as unknown as { client?: { close?: () => void } }).client?.close?.()
      await database.drop()
    },
  }
}
