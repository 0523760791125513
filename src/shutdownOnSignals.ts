import type { Server } from 'node:http'

export interface ShutdownOptions {
  /** Longest wait for in-flight requests before their connections are closed. */
  timeoutSeconds: number
  /** Runs once the server holds no connection (closes the database). */
  cleanup: () => Promise<void>
  log: (message: string) => void
}

/**
 * SIGTERM / SIGINT: stop accepting connections at once, let requests in flight finish (at most
 * timeoutSeconds, then their connections are cut), close the database and exit 0. A second signal
 * while stopping is ignored; the timeout bounds the wait.
 */
export function shutdownOnSignals(server: Server, options: ShutdownOptions): void {
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    options.log(`${signal}: no longer accepting connections; waiting for requests in flight (at most ${options.timeoutSeconds} s)`)
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Keep-alive connections become idle between requests; close them as soon as they do.
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
}
