import cluster, { type Worker } from 'node:cluster'

export interface WorkerPoolOptions {
  count: number
  /** Each worker's own bounds (SHUTDOWN_DRAIN_SECONDS, then SHUTDOWN_TIMEOUT_SECONDS); the primary waits a little longer, then kills. */
  shutdownDrainSeconds?: number
  shutdownTimeoutSeconds: number
  log: { info: (message: string) => void; warn: (message: string) => void; error: (message: string) => void }
  /** Called once every worker listens (each then serves the calendar namespace; the admin may still be starting). */
  onListening?: () => void
  /** Unexpected deaths tolerated within `crashWindowMs` before the primary gives up (a crash loop). */
  maxCrashes?: number
  crashWindowMs?: number
}

/** Extra seconds the primary grants workers beyond their own drain bound (closing Next and the database). */
const CLOSE_GRACE_SECONDS = 15

const describeExit = (code: number | null, signal: string | null) => (signal ? `signal ${signal}` : `status ${code}`)

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: forks `count` workers that share the listening
 * port (node:cluster hands connections out in turn) and supervises them. Resolves once every worker
 * serves the admin too (each sends { calendar: 'ready' }, see startServer); rejects when one dies before that (a start that fails, e.g. the port is taken: the worker
 * printed why). Afterwards a worker that dies is replaced, unless more than `maxCrashes` died within
 * `crashWindowMs` (then every worker is stopped and the primary exits 1 rather than spin). SIGTERM or
 * SIGINT is passed to every worker at once, which drains as a single process does (all keep accepting
 * for the drain, so the shared port does too); the primary exits 0 once all of them exited 0.
 */
export function runWorkers(options: WorkerPoolOptions): Promise<void> {
  const { count, log } = options
  const maxCrashes = options.maxCrashes ?? Math.max(5, 2 * count)
  const crashWindowMs = options.crashWindowMs ?? 60_000
  const crashes: number[] = []
  let ready = false
  let stopping = false
  let failed = false

  const stopAll = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w)
    let worst = code
    let left = workers.length
    const done = () => {
      clearTimeout(deadline)
      log.info(`All workers stopped`)
      process.exit(worst)
    }
    const bound = (options.shutdownDrainSeconds ?? 0) + options.shutdownTimeoutSeconds + CLOSE_GRACE_SECONDS
    const deadline = setTimeout(() => {
      log.error(`Workers still running ${bound} s after ${signal}: killing them`)
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL')
      worst = 1
    }, bound * 1000)
    if (!left) return done()
    for (const w of workers) {
      w.once('exit', (exitCode, exitSignal) => {
        if (exitCode !== 0) {
          worst = 1
          log.warn(`worker ${w.id} (pid ${w.process.pid}) stopped with ${describeExit(exitCode, exitSignal)}`)
        }
        if (--left === 0) done()
      })
      if (!w.isDead()) w.process.kill(signal)
    }
  }

  return new Promise<void>((resolve, reject) => {
    const fork = () => cluster.fork()
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return
      if (!ready) {
        // A worker that could not start (its own message says why): the start fails as a whole.
        if (failed) return
        failed = true
        stopping = true
        for (const w of Object.values(cluster.workers ?? {})) if (w && !w.isDead()) w.process.kill('SIGTERM')
        reject(new Error(`worker ${worker.id} stopped with ${describeExit(code, signal)} before it was ready`))
        return
      }
      const now = Date.now()
      crashes.push(now)
      while (crashes.length && crashes[0]! < now - crashWindowMs) crashes.shift()
      if (crashes.length > maxCrashes) {
        log.error(`worker ${worker.id} (pid ${worker.process.pid}) died with ${describeExit(code, signal)}; ${crashes.length} workers died within ${crashWindowMs / 1000} s: stopping`)
        stopAll('SIGTERM', 1)
        return
      }
      log.warn(`worker ${worker.id} (pid ${worker.process.pid}) died with ${describeExit(code, signal)}; starting a new one`)
      fork()
    })
    let listening = 0
    let serving = 0
    cluster.on('listening', (worker) => {
      if (ready) {
        log.info(`worker ${worker.id} (pid ${worker.process.pid}) replaced the one that died`)
        return
      }
      if (++listening === count) options.onListening?.()
    })
    cluster.on('message', (_worker, message: { calendar?: string } | null) => {
      if (ready || message?.calendar !== 'ready') return
      if (++serving === count) {
        ready = true
        resolve()
      }
    })
    process.on('SIGTERM', () => {
      log.info(`SIGTERM: stopping ${count} workers`)
      stopAll('SIGTERM', 0)
    })
    process.on('SIGINT', () => {
      log.info(`SIGINT: stopping ${count} workers`)
      stopAll('SIGINT', 0)
    })
    for (let i = 0; i < count; i++) fork()
  })
}
