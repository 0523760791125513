import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { pack as tarPack, type Pack } from 'tar-stream'
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

export interface BackupSummary {
  file: string
  bytes: number
  databaseBytes: number
  mediaFiles: number
  mediaBytes: number
  counts: ContentCounts
}

/** Regular files under a folder, as paths relative to it ('/'-separated), sorted. */
async function listFiles(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(root)) return []
  const found: string[] = []
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)))
    else if (entry.isFile()) found.push(relative)
  }
  return found.sort()
}

/** Adds one file from disk to the archive, streamed. */
async function addFile(pack: Pack, name: string, file: string): Promise<number> {
  const info = await stat(file)
  await pipeline(createReadStream(file), pack.entry({ name, size: info.size, mtime: info.mtime, mode: 0o600 }))
  return info.size
}

/**
 * db:backup FILE: one .tar.gz with a consistent copy of the embedded database, the generated
 * secret (API keys are encrypted with it) and DATA_DIR/media, while the server keeps serving.
 * The database is copied first with VACUUM INTO, which reads one snapshot inside a read
 * transaction (the WAL's committed pages included) without stopping writers; media are copied
 * after it, so every image the snapshot names is already on disk.
 */
export async function backupDatabase(target: DatabaseTarget, output: string | undefined, log: (line: string) => void): Promise<BackupSummary> {
  if (!output) throw new CommandError('missing the backup file: npm run cli -- db:backup FILE')
  const databaseFile = embeddedDatabasePath(target, 'backup')
  if (!existsSync(databaseFile)) throw new CommandError(`no database at ${databaseFile} (DATABASE_URI)`)
  const file = path.resolve(output)
  if (existsSync(file)) throw new CommandError(`${file} already exists; choose a new file name`)
  await mkdir(path.dirname(file), { recursive: true })

  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`
  const snapshot = `${partial}.db`
  try {
    log(`Copying the database ${databaseFile} (a consistent snapshot; the server keeps running)…`)
    const source = openDatabase(databaseFile)
    try {
      await source.execute('PRAGMA busy_timeout = 10000')
      await source.execute({ sql: 'VACUUM INTO ?', args: [snapshot] })
    } finally {
      source.close()
    }
    const copy = openDatabase(snapshot)
    let counts: ContentCounts
    try {
      const check = await copy.execute('PRAGMA quick_check')
      if (String(check.rows[0]?.[0]) !== 'ok') throw new CommandError(`the database copy failed its integrity check: ${String(check.rows[0]?.[0])}`)
      counts = await countContent(copy)
    } finally {
      copy.close()
    }
    const databaseBytes = (await stat(snapshot)).size
    log(`Database copied: ${formatBytes(databaseBytes)}, ${describeCounts(counts)}.`)

    const mediaDir = path.join(target.dataDir, 'media')
    const mediaFiles = await listFiles(mediaDir)
    log(`Archiving ${mediaFiles.length} media files from ${mediaDir}…`)
    const pack = tarPack()
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }))
    const manifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), counts, mediaFiles: mediaFiles.length }
    pack.entry({ name: MANIFEST, mode: 0o600 }, JSON.stringify(manifest, null, 2))
    await addFile(pack, DATABASE_ENTRY, snapshot)
    const secretFile = path.join(target.dataDir, 'payload-secret')
    if (existsSync(secretFile)) await addFile(pack, SECRET_ENTRY, secretFile)
    let mediaBytes = 0
    let mediaCount = 0
    for (const name of mediaFiles) {
      try {
        mediaBytes += await addFile(pack, `${MEDIA_PREFIX}${name}`, path.join(mediaDir, name))
        mediaCount++
      } catch (error) {
        // Deleted since it was listed: its row is gone from later states, not from the snapshot's past.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        log(`Skipped ${name}: deleted while the backup ran.`)
      }
    }
    pack.finalize()
    await written
    await rename(partial, file)
    const bytes = (await stat(file)).size
    return { file, bytes, databaseBytes, mediaFiles: mediaCount, mediaBytes, counts }
  } finally {
    await rm(snapshot, { force: true })
    await rm(partial, { force: true })
  }
}
