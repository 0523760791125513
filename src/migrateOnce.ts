import { getPayload } from 'payload'
import { closePayload } from './closePayload.js'
import { env } from './env.js'
import config from './payload.config.js'
import { prepareDatabase } from './prepareDatabase.js'

/**
 * The database work of a production start, done once by the primary before it forks workers: the
 * pushed-schema check, then the pending migrations (Payload runs them when it connects in production).
 * Workers then start with migrations off, so several never race to apply the same one.
 */
export async function migrateOnce(): Promise<void> {
  await prepareDatabase(env.DATABASE_URI, env.DATABASE_KIND, 'server')
  const payload = await getPayload({ config })
  await closePayload(payload)
}
