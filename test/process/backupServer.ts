// Run as a child process (NODE_ENV=production, DATA_DIR and DATABASE_URI set): the calendar
// namespace and Payload's /api over one Payload instance, as the server serves them, on a loopback
// port printed as the first stdout line. SIGTERM stops it.
import { getPayload } from 'payload'
import { buildCalendarConfig } from '../../src/payload.config.js'
import type { TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi } from '../helpers/payloadApi.js'

// The suite's image server is on loopback.
const payload = await getPayload({ config: buildCalendarConfig(undefined, undefined, { allowPrivateImageHosts: true }) })
const api = await servePayloadApi({ payload } as TestApp)
process.stdout.write(`${JSON.stringify({ origin: api.origin })}\n`)
process.on('SIGTERM', async () => {
  await api.close()
  await payload.destroy()
  ;(payload.db as unknown as { client?: { close?: () => void } }).client?.close?.()
  process.exit(0)
})
