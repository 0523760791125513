import { Router, type Response } from 'express'
import type { Payload } from 'payload'

/** How long /readyz waits for the database before answering 503. */
const READY_TIMEOUT_MS = 5000

type ReadyState = 'ready' | 'database-unreachable' | 'migrations-pending' | 'shutting-down'

/**
 * Whether the database answers and its schema is current: every committed migration recorded in
 * payload_migrations, unless the schema was pushed from the collections (development and tests,
 * marked by Payload's batch -1 row). MongoDB has no committed migrations; answering is enough.
 */
async function readiness(payload: Payload): Promise<ReadyState> {
  const committed = (payload.db as { prodMigrations?: Array<{ name: string }> }).prodMigrations ?? []
  let recorded: Array<{ name?: unknown; batch?: unknown }>
  try {
    const found = await payload.find({ collection: 'payload-migrations', limit: 0, pagination: false, depth: 0 })
    recorded = found.docs as typeof recorded
  } catch {
    return 'database-unreachable'
  }
  if (recorded.some((m) => Number(m.batch) === -1)) return 'ready'
  const names = new Set(recorded.map((m) => m.name))
  return committed.every((m) => names.has(m.name)) ? 'ready' : 'migrations-pending'
}

function answer(res: Response, status: number, body: Record<string, string>) {
  // Probes must see the present state, never a cached one; the body names no version, path or secret.
  res.status(status).set('Cache-Control', 'no-store').json(body)
}

/**
 * GET /healthz: the process is alive (200). GET /readyz: it can serve — the database answers a
 * cheap query within 5 s and no migration is pending (200), else 503 with the reason; 503 at once
 * while the server drains after SIGTERM (`stopping`), so load balancers stop sending before it closes.
 */
export function healthRouter(payload: Payload, stopping: () => boolean = () => false): Router {
  const router = Router()
  router.get('/healthz', (_req, res) => answer(res, 200, { status: 'ok' }))
  router.get('/readyz', async (_req, res) => {
    if (stopping()) return answer(res, 503, { status: 'unavailable', reason: 'shutting-down' })
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<ReadyState>((resolve) => {
      timer = setTimeout(() => resolve('database-unreachable'), READY_TIMEOUT_MS)
    })
    const state = await Promise.race([readiness(payload), timeout]).finally(() => clearTimeout(timer))
    if (state === 'ready') answer(res, 200, { status: 'ok' })
    else answer(res, 503, { status: 'unavailable', reason: state })
  })
  return router
}
