import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** Next (the admin, Payload's /api and GraphQL), started after the server listens. */
export interface Admin {
  /** Loads and prepares Next, in the background. */
  start: () => void
  /** Resolves once Next serves; rejects with the reason it could not start. */
  ready: Promise<void>
  /** Serves a request, once Next is ready: a request that comes earlier waits for it. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>
  /** The same for a connection upgrade. */
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  /** Stops Next (once its start has ended, when it is still starting). */
  close: () => Promise<void>
}

/**
 * Next, loaded and prepared in the background once `start` is called. Next's modules and its prepare()
 * took over a second of a start on a shared machine, all before the calendar namespace could answer;
 * now the server listens as soon as Payload is up (src/startServer.ts), and a request for the admin or /api that arrives while
 * Next starts waits for it (a browser sees a slower first page, never an error). If Next cannot start,
 * the waiting requests are answered 503 and `ready` rejects: the caller ends the process.
 */
export function nextAdmin(options: { dev: boolean; dir: string }): Admin {
  type NextServer = ReturnType<typeof import('next').default>
  let app: NextServer | undefined
  let handler: ReturnType<NextServer['getRequestHandler']> | undefined
  let upgrader: ReturnType<NextServer['getUpgradeHandler']> | undefined
  let prepared = false
  let begun = false
  let begin!: () => void
  const started = new Promise<void>((resolve) => (begin = resolve))
  const ready = started.then(async () => {
    const { default: next } = await import('next')
    app = next({ dev: options.dev, dir: options.dir })
    handler = app.getRequestHandler()
    await app.prepare()
    upgrader = app.getUpgradeHandler()
    prepared = true
  })
  // Observed by the caller; this keeps a failure from also being reported as unhandled.
  ready.catch(() => {})
  return {
    start: () => {
      begun = true
      begin()
    },
    ready,
    handle: async (req, res) => {
      if (!prepared) {
        try {
          await ready
        } catch {
          res.statusCode = 503
          res.setHeader('Content-Type', 'application/json; charset=utf-8')
          res.setHeader('Cache-Control', 'no-store')
          res.end(JSON.stringify({ errors: [{ message: 'The admin could not start; the server is stopping.' }] }))
          return
        }
      }
      await handler!(req, res)
    },
    upgrade: (req, socket, head) => {
      ready.then(
        () => upgrader!(req, socket, head),
        () => socket.destroy(),
      )
    },
    close: async () => {
      if (!begun) return
      await ready.catch(() => {})
      await app?.close()
    },
  }
}
