import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import type { Client } from '@libsql/client'
import { extract } from 'tar-stream'
import { CommandError } from './CommandError.js'
import {
  BACKUP_FORMAT,
  type ContentCounts,
  countContent,
  DATABASE_ENTRY,
  type DatabaseTarget,
  describeCounts,
  embeddedDatabasePath,
  formatBytes,
  MANIFEST,
  MEDIA_PREFIX,
  openDatabase,
  SECRET_ENTRY,
} from './embeddedDatabase.js'

export interface RestoreSummary {
  databaseFile: string
  databaseBytes: number
  mediaFiles: number
  counts: ContentCounts
  createdAt: string
  /** Files moved aside instead of deleted (with --force). */
  keptAside: string[]
}

const total = (c: ContentCounts) => c.events + c.venues + c.organizers + c.media + c.users

/**
 * Takes the database from every other process, or refuses: a server keeps a shared lock on a WAL
 * database for as long as its connection lives, so an exclusive lock is refused (SQLITE_BUSY)
 * until it stops. The lock is held (locking_mode EXCLUSIVE) until the client closes, across the
 * swap. One such client per process: libsql releases a closed handle only when it is collected.
 */
async function lockTarget(databaseFile: string): Promise<{ client: Client; counts: ContentCounts } | null> {
  if (!existsSync(databaseFile) || (await stat(databaseFile)).size === 0) return null
  const client = openDatabase(databaseFile)
  try {
    await client.execute('PRAGMA busy_timeout = 0')
    await client.execute('PRAGMA locking_mode = EXCLUSIVE')
    try {
      await client.execute('BEGIN EXCLUSIVE')
      // The exclusive lock on a WAL database is taken at its first read.
      await client.execute('SELECT count(*) FROM sqlite_master')
    } catch (error) {
      if (/SQLITE_BUSY|locked/i.test(String((error as Error).message))) {
        throw new CommandError(`${databaseFile} is in use (a running server or another process); stop it, then restore`)
      }
      throw error
    }
    const counts = await countContent(client)
    await client.execute('ROLLBACK')
    return { client, counts }
  } catch (error) {
    client.close()
    throw error
  }
}

/** An entry's place under the staging folder; anything outside the backup's layout is refused. */
function entryPath(name: string): string | null {
  if (name === MANIFEST || name === DATABASE_ENTRY || name === SECRET_ENTRY) return name
  if (!name.startsWith(MEDIA_PREFIX)) return null
  const relative = path.posix.normalize(name)
  if (relative !== name || relative.split('/').includes('..') || path.posix.isAbsolute(relative)) return null
  return relative
}

/** Unpacks the archive into `staging`, checking on the way that db:backup wrote it. */
async function unpack(file: string, staging: string): Promise<{ createdAt: string; mediaFiles: number }> {
  const notABackup = (why: string) => new CommandError(`${file} is not a backup made by db:backup (${why})`)
  const entries = extract()
  const reading = pipeline(createReadStream(file), createGunzip(), entries)
  let manifest: { format?: unknown; createdAt?: unknown } | null = null
  let mediaFiles = 0
  let hasDatabase = false
  try {
    for await (const entry of entries) {
      const name = entry.header.name
      if (!manifest) {
        if (name !== MANIFEST) throw notABackup(`it starts with ${name}, not ${MANIFEST}`)
        const chunks: Buffer[] = []
        for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array))
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          throw notABackup('its manifest is not JSON')
        }
        if (manifest?.format !== BACKUP_FORMAT) throw notABackup('unknown manifest')
        continue
      }
      const relative = entry.header.type === 'file' ? entryPath(name) : null
      if (!relative) throw notABackup(`unexpected entry ${name}`)
      const destination = path.join(staging, relative)
      await mkdir(path.dirname(destination), { recursive: true })
      await pipeline(entry, createWriteStream(destination, { mode: 0o600 }))
      if (relative === DATABASE_ENTRY) hasDatabase = true
      else if (relative.startsWith(MEDIA_PREFIX)) mediaFiles++
    }
    await reading
  } catch (error) {
    reading.catch(() => {})
    if (error instanceof CommandError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code.startsWith('Z_') || /tar|header|unexpected end/i.test(String((error as Error).message))) throw notABackup(String((error as Error).message))
    throw error
  }
  if (!manifest) throw notABackup('it is empty')
  if (!hasDatabase) throw notABackup(`it has no ${DATABASE_ENTRY}`)
  return { createdAt: String(manifest.createdAt), mediaFiles }
}

/** Moves an existing path aside (never deleted by a restore) and says where. */
async function moveAside(target: string, stamp: string, keptAside: string[]): Promise<void> {
  if (!existsSync(target)) return
  const aside = `${target}.before-restore-${stamp}`
  await rename(target, aside)
  keptAside.push(aside)
}

/**
 * db:restore FILE [--force]: puts a db:backup archive's database, secret and media in place of the
 * configured ones. Refuses while a process has the database open, and refuses a database with
 * content unless forced; with --force the current files are moved aside, not deleted.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  input: string | undefined,
  options: { force: boolean },
  log: (line: string) => void,
): Promise<RestoreSummary> {
  if (!input) throw new CommandError('missing the backup file: npm run cli -- db:restore FILE [--force]')
  const databaseFile = path.resolve(embeddedDatabasePath(target, 'restore'))
  const file = path.resolve(input)
  if (!existsSync(file)) throw new CommandError(`${file} does not exist`)
  if (!(await stat(file)).isFile()) throw new CommandError(`${file} is not a file`)

  await mkdir(target.dataDir, { recursive: true })
  await mkdir(path.dirname(databaseFile), { recursive: true })
  const staging = path.join(target.dataDir, `.restore-${randomBytes(4).toString('hex')}`)
  const stagedDatabase = `${databaseFile}.restore-${randomBytes(4).toString('hex')}`
  try {
    log(`Reading ${file}…`)
    const { createdAt, mediaFiles } = await unpack(file, staging)
    await rename(path.join(staging, DATABASE_ENTRY), stagedDatabase)
    const copy = openDatabase(stagedDatabase)
    let counts: ContentCounts
    try {
      const integrity = await copy.execute('PRAGMA quick_check')
      if (String(integrity.rows[0]?.[0]) !== 'ok') throw new CommandError(`the backup's database failed its integrity check`)
      counts = await countContent(copy)
    } catch (error) {
      if (error instanceof CommandError) throw error
      throw new CommandError(`the backup's database cannot be read: ${(error as Error).message}`)
    } finally {
      copy.close()
    }
    log(`Backup of ${createdAt}: ${describeCounts(counts)}, ${mediaFiles} media files.`)

    const lock = await lockTarget(databaseFile)
    const current = lock?.counts
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const keptAside: string[] = []
    try {
      if (current && total(current) > 0) {
        if (!options.force) {
          throw new CommandError(`${databaseFile} already holds ${describeCounts(current)}; add --force to replace it (the current files are kept aside)`)
        }
        // Everything committed moves into the file kept aside, so it is complete without its WAL.
        await lock!.client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
        await moveAside(databaseFile, stamp, keptAside)
      }
      // A WAL or shared-memory file left next to the old database would be replayed into the new one.
      for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${databaseFile}${suffix}`, { force: true })
      await rename(stagedDatabase, databaseFile)
    } finally {
      lock?.client.close()
    }
    log(`Database restored to ${databaseFile}.`)

    const mediaDir = path.join(target.dataDir, 'media')
    if (existsSync(mediaDir) && (await readdir(mediaDir)).length > 0) await moveAside(mediaDir, stamp, keptAside)
    else await rm(mediaDir, { recursive: true, force: true })
    if (existsSync(path.join(staging, 'media'))) await rename(path.join(staging, 'media'), mediaDir)
    log(`Media restored to ${mediaDir}.`)

    const stagedSecret = path.join(staging, SECRET_ENTRY)
    const secretFile = path.join(target.dataDir, 'payload-secret')
    if (existsSync(stagedSecret)) {
      const same = existsSync(secretFile) && (await readFile(secretFile, 'utf8')) === (await readFile(stagedSecret, 'utf8'))
      if (!same) {
        // The secret of a database with content is kept; one generated for an empty one is not.
        if (current && total(current) > 0) await moveAside(secretFile, stamp, keptAside)
        await rename(stagedSecret, secretFile)
        await chmod(secretFile, 0o600)
        log(`Secret restored to ${secretFile} (API keys made before the backup keep working).`)
      }
    }
    const databaseBytes = (await stat(databaseFile)).size
    log(`Restored ${formatBytes(databaseBytes)} database.`)
    return { databaseFile, databaseBytes, mediaFiles, counts, createdAt, keptAside }
  } finally {
    await rm(staging, { recursive: true, force: true })
    await rm(stagedDatabase, { force: true })
  }
}
