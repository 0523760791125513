import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Env } from './env.js'

/**
 * PAYLOAD_SECRET when set; otherwise the one kept in DATA_DIR/payload-secret, generated there (mode
 * 0600) on the first start and read back by every later one. Called by what boots Payload (the app's
 * config, the server and CLI entries), never on import.
 */
export function payloadSecret(settings: Pick<Env, 'PAYLOAD_SECRET' | 'DATA_DIR'>): string {
  if (settings.PAYLOAD_SECRET) return settings.PAYLOAD_SECRET
  const file = path.join(settings.DATA_DIR, 'payload-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(settings.DATA_DIR, { recursive: true })
  const generated = randomBytes(32).toString('hex')
  try {
    writeFileSync(file, generated, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process of the same start (the admin build's workers) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw error
  }
  return generated
}
