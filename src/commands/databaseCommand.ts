import { parseArgs } from 'node:util'
import { env } from '../env.js'
import { backupDatabase } from './backupDatabase.js'
import { CommandError } from './CommandError.js'
import { describeCounts, formatBytes } from './embeddedDatabase.js'
import { restoreDatabase } from './restoreDatabase.js'

const progress = (line: string) => process.stderr.write(`${line}\n`)

/**
 * db:backup FILE and db:restore FILE [--force]. They work on the database file itself, without
 * starting Payload (which would push or migrate a schema into the database being copied).
 */
export async function databaseCommand(command: 'db:backup' | 'db:restore', args: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: { force: { type: 'boolean', default: false } }, allowPositionals: true, strict: true })
  } catch (error) {
    throw new CommandError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) throw new CommandError(`one backup file expected, got ${positionals.length}`)
  const target = { databaseUri: env.DATABASE_URI, kind: env.DATABASE_KIND, dataDir: env.DATA_DIR }
  if (command === 'db:backup') {
    if (values.force) throw new CommandError('--force is an option of db:restore')
    const s = await backupDatabase(target, positionals[0], progress)
    process.stdout.write(
      `Backup written to ${s.file}: ${formatBytes(s.bytes)} (database ${formatBytes(s.databaseBytes)}, ` +
        `${s.mediaFiles} media files ${formatBytes(s.mediaBytes)}); ${describeCounts(s.counts)}.\n`,
    )
  } else {
    const s = await restoreDatabase(target, positionals[0], { force: values.force ?? false }, progress)
    process.stdout.write(
      `Restored the backup of ${s.createdAt} into ${s.databaseFile}: database ${formatBytes(s.databaseBytes)}, ` +
        `${s.mediaFiles} media files; ${describeCounts(s.counts)}.` +
        (s.keptAside.length ? ` The previous files are kept as ${s.keptAside.join(', ')}.` : '') +
        '\n',
    )
  }
  return 0
}
