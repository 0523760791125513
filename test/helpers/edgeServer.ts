// Run as a child process (see startEdgeServer.ts): the Express app as the server builds it, every
// setting read from the environment by src/env.ts, with Payload's /api handlers in Next's place, on
// PORT and HOST (127.0.0.1 when unset). Seeds an administrator with an application password and a
// published event, then prints one JSON line {"edgeServerReady": …} among the server's own log lines.
import type { AddressInfo } from 'node:net'
import { getPayload } from 'payload'
import sharp from 'sharp'
import { createApp } from '../../src/app.js'
import { env } from '../../src/env.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { payloadRoutes } from './payloadApi.js'

const payload = await getPayload({ config: buildCalendarConfig() })
const email = 'edge-admin@example.org'
const password = 'edge admin password 123'
const admin = await payload.create({
  collection: 'users',
  data: { email, username: 'edge-admin', password, role: 'administrator' },
  overrideAccess: true,
})
const appPassword = (await payload.create({
  collection: 'app-passwords',
  data: { name: 'edge', user: admin.id },
  overrideAccess: true,
})) as unknown as { password: string }
const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer()
const image = await payload.create({
  collection: 'media',
  data: { alt: 'Edge' },
  file: { data: png, mimetype: 'image/png', name: 'edge.png', size: png.length },
  overrideAccess: true,
})
const event = await payload.create({
  collection: 'events',
  data: { title: 'Edge event', startDate: '2027-06-01T18:00:00Z', endDate: '2027-06-01T20:00:00Z', status: 'publish', image: image.id },
  overrideAccess: true,
})
const server = createApp(payload, payloadRoutes({ payload })).listen(env.PORT, env.HOST || '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  const ready = { port, login: 'edge-admin', email, password, appPassword: appPassword.password, eventId: event.id }
  process.stdout.write(`${JSON.stringify({ edgeServerReady: ready })}\n`)
})
process.on('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
