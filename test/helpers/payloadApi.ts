import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { handleEndpoints } from 'payload'
import { createApp } from '../../src/app.js'
import { apiClient } from './http.js'
import type { TestApp } from './initTestApp.js'

/**
 * Payload's REST (`/api/...`) and GraphQL (`/api/graphql`) handlers, called the way Next's route files
 * (src/app/(payload)/api) call them, behind the same Express app as in production. Next itself is
 * not started: these are the handlers it would run.
 */
export function payloadRoutes(app: Pick<TestApp, 'payload'>) {
  const config = app.payload.config
  const graphql = GRAPHQL_POST(config)
  return async (req: ExpressRequest, res: ExpressResponse) => {
    const url = `http://${req.headers.host}${req.originalUrl}`
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit)
    const pathname = new URL(url).pathname
    let response: Response
    if (pathname === '/api/graphql' && req.method === 'POST') response = await graphql(request)
    else if (pathname.startsWith('/api/') || pathname === '/api') response = await handleEndpoints({ config, request })
    else response = new Response('not found', { status: 404 })
    res.status(response.status)
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie') return
      res.setHeader(name, value)
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('set-cookie', cookies)
    res.end(Buffer.from(await response.arrayBuffer()))
  }
}

export interface PayloadApi {
  /** http://127.0.0.1:<port>: the calendar namespace under REST_PREFIX, Payload's REST at /api */
  origin: string
  close: () => Promise<void>
  /** fetch on this origin returning {status, headers, body} with JSON parsed when possible */
  request: <T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; headers: Headers; body: T }>
  /** POST /api/graphql */
  graphql: <T = any>(query: string, headers?: Record<string, string>, variables?: Record<string, unknown>) => Promise<{ status: number; body: T }>
}

/** Serves the Express app with Payload's /api and GraphQL handlers in Next's place. */
export async function servePayloadApi(app: TestApp): Promise<PayloadApi> {
  // The handlers look the instance up with getPayload's default key, as Next's route files do; in
  // production that is the instance the server made. Point it at this suite's instance.
  const instances = (globalThis as { _payload?: Map<string, unknown> })._payload
  instances?.set('default', { initializedCrons: true, payload: app.payload, promise: null, reload: false, ws: null })
  const server: Server = await new Promise((resolve) => {
    const s = createApp(app.payload, payloadRoutes(app)).listen(0, '127.0.0.1', () => resolve(s))
    // Longer than fetch's own keep-alive, so on a busy machine the server never closes a connection
    // the client is about to reuse (a spurious ECONNRESET).
    s.keepAliveTimeout = 65_000
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The same JSON client as the namespace tests, rooted at the server's origin.
  const request = apiClient(origin).call
  return {
    origin,
    request,
    graphql: async (query, headers = {}, variables) => {
      const { status, body } = await request('POST', '/api/graphql', { body: { query, variables }, headers })
      return { status, body }
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
