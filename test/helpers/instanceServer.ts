// One server instance as its own process, as operators run several on one database: Payload, the
// Express app and Payload's /api handlers (what Next's route files run), in production mode.
// Usage: node --conditions=production --import tsx test/helpers/instanceServer.ts <port> <databaseUri> <kind>
import { getPayload } from 'payload'
import { createApp } from '../../src/app.js'
import type { DatabaseKind } from '../../src/env.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { payloadRoutes } from './payloadApi.js'

const [port, uri, kind] = process.argv.slice(2) as [string, string, DatabaseKind]
const payload = await getPayload({ config: buildCalendarConfig(uri, kind) })
const server = createApp(payload, payloadRoutes({ payload })).listen(Number(port), '127.0.0.1', () => process.send?.({ ready: true }))
server.keepAliveTimeout = 65_000
