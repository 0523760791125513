import type { Server } from 'node:http'

export interface ShutdownOptions {
  /** How long the listener keeps accepting after the signal (readyz 503, answers with Connection: close). */
  drainSeconds: number
  /** Longest wait for in-flight requests, once the listener is closed, before their connections are closed. */
  timeoutSeconds: number
  /** Runs once the server holds no connection (closes the database). */
  cleanup: () => Promise<void>
  log: (message: string) => void
}

/**
 * SIGTERM / SIGINT: drain, then stop. For `drainSeconds` the server keeps accepting and answering
 * (requests a load balancer already sent, or that sit in the listener's queue, are served, not reset)
 * while `stopping()` is true; then the listener closes, requests in flight finish (at most
 * timeoutSeconds, then their connections are cut), the database is closed and the process exits 0.
 * A second signal while stopping is ignored; the two bounds bound the wait. Returns whether the server
 * is stopping, for /readyz and the answers' Connection header.
 */
export function shutdownOnSignals(server: Server, options: ShutdownOptions): () => boolean {
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    if (options.drainSeconds > 0) {
      options.log(`${signal}: draining for ${options.drainSeconds} s (readyz answers 503, answers close their connection)`)
      await new Promise((resolve) => setTimeout(resolve, options.drainSeconds * 1000))
    }
    options.log(`${signal}: no longer accepting connections; waiting for requests in flight (at most ${options.timeoutSeconds} s)`)
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Keep-alive connections become idle between requests; close them as soon as they do.
    server.closeIdleConnections()
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    const deadline = setTimeout(() => {
      options.log('Shutdown timeout: closing the remaining connections')
      server.closeAllConnections()
    }, options.timeoutSeconds * 1000)
    await closed
    clearInterval(idle)
    clearTimeout(deadline)
    let code = 0
    try {
      await options.cleanup()
    } catch (error) {
      options.log(`Closing the database failed: ${error instanceof Error ? error.message : String(error)}`)
      code = 1
    }
    options.log('Stopped')
    process.exit(code)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  return () => stopping
}
