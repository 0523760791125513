import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'
import { postgresAdapterOf, sessionOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { WriteSignal } from './writeSignal.js'

// NOTIFY is scoped to the database, so one channel name serves every calendar on a server.
const CHANNEL = 'calendar_writes'
export const LISTENER_NAME = 'calendar writes listener'
/** How often the listening connection proves it is alive, and how long it may take to answer. */
const HEARTBEAT_MS = 5000
const RECONNECT_MS = 1000

/**
 * PostgreSQL: NOTIFY inside the write's transaction, which PostgreSQL delivers to every listener when
 * (and only if) the transaction commits; no row is locked, so parallel writes do not queue on it.
 * Each process keeps one pooled connection LISTENing. When that connection breaks (or stops answering
 * a heartbeat) writes could go unseen: caches are out of sync until it is back.
 */
export function postgresWriteSignal(payload: Payload): WriteSignal {
  const db = postgresAdapterOf(payload.db)
  if (!db) throw new Error('the PostgreSQL write signal needs the PostgreSQL adapter')
  const SENDER = randomUUID()
  return {
    async announce(_req, transaction) {
      const { sql } = await sqlOperators('postgres')
      // The payload names the sending process: its own listener leaves that one out.
      await sessionOf(db, transaction).execute(sql.raw(`NOTIFY ${CHANNEL}, '${SENDER}'`))
      return undefined
    },
    async listen(changed, inSync) {
      let stopped = false
      let client: PoolClient | undefined
      let retry: NodeJS.Timeout | undefined
      let heartbeat: NodeJS.Timeout | undefined

      const drop = (error?: Error) => {
        clearInterval(heartbeat)
        const broken = client
        client = undefined
        broken?.release(error ?? true)
      }
      const broken = (error: Error) => {
        if (stopped) return
        inSync(false)
        drop(error)
        clearTimeout(retry)
        retry = setTimeout(() => void connect().catch(broken), RECONNECT_MS)
        retry.unref()
      }
      const connect = async () => {
        const next = await db.pool.connect()
        if (stopped) {
          next.release(true)
          return
        }
        client = next
        next.on('error', (error) => client === next && broken(error))
        next.on('notification', (message) => message.payload !== SENDER && changed())
        // Named in pg_stat_activity; the connection is closed, never returned to the pool, when dropped.
        await next.query(`SET application_name = '${LISTENER_NAME}'`)
        await next.query(`LISTEN ${CHANNEL}`)
        heartbeat = setInterval(() => {
          const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), HEARTBEAT_MS).unref())
          Promise.race([next.query('SELECT 1'), timeout]).catch((error: Error) => client === next && broken(error))
        }, HEARTBEAT_MS)
        heartbeat.unref()
        // Writes committed while nobody listened are unknown: start afresh.
        changed()
        inSync(true)
      }

      await connect().catch(broken)
      return async () => {
        stopped = true
        clearTimeout(retry)
        inSync(false)
        drop()
      }
    },
  }
}
