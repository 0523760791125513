import { parseArgs } from 'node:util'
import type { Payload } from 'payload'
import { env } from '../env.js'
import { ImportError } from '../import/ImportError.js'
import { CommandError } from './CommandError.js'
import { readSecret, type SecretSource } from './readSecret.js'

const OPTIONS = {
  from: { type: 'string' },
  user: { type: 'string' },
  'app-password': { type: 'string' },
  author: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'allow-private-hosts': { type: 'boolean', default: false },
  'per-page': { type: 'string' },
  'provisional-base': { type: 'string' },
} as const

export function parseImportTecArgs(args: string[]) {
  let values
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new CommandError((error as Error).message.split('. ')[0])
  }
  if (!values.from) throw new CommandError('missing --from <site>/wp-json')
  if (values['app-password'] !== undefined && !values.user) throw new CommandError('--app-password needs --user')
  const perPage = values['per-page'] === undefined ? 50 : Number(values['per-page'])
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw new CommandError('--per-page must be a whole number from 1 to 100')
  // Events Calendar Pro raises its base in steps of 10,000,000 when post IDs come near it.
  const provisionalBase = values['provisional-base'] === undefined ? undefined : Number(values['provisional-base'])
  if (provisionalBase !== undefined && !(Number.isSafeInteger(provisionalBase) && provisionalBase >= 1_000_000 && provisionalBase <= 2 ** 31)) {
    throw new CommandError('--provisional-base must be a whole number from 1000000 to 2147483648')
  }
  return { ...values, perPage, provisionalBase }
}

/** import:tec: the CLI's face of importTec (flags, one-line errors, the summary on stdout). */
export async function importTecCommand(payload: () => Promise<Payload>, args: string[], secret: Pick<SecretSource, 'envName' | 'envValue'>): Promise<number> {
  const flags = parseImportTecArgs(args)
  // Only old scripts still give the application password on the command line (npm's banner shows it).
  if (flags.user && flags['app-password'] === undefined) flags['app-password'] = await readSecret({ ...secret, flag: '--app-password', prompt: `Application password of ${flags.user} on ${flags.from}` })
  const { importTec } = await import('../import/importTec.js')
  try {
    const s = await importTec(payload, {
      from: flags.from!,
      user: flags.user,
      appPassword: flags['app-password'],
      author: flags.author,
      dryRun: flags['dry-run'],
      allowPrivateHosts: flags['allow-private-hosts'],
      dataDir: env.DATA_DIR,
      databaseUri: env.DATABASE_URI,
      perPage: flags.perPage,
      provisionalBase: flags.provisionalBase,
      maxPageBytes: env.IMPORT_MAX_PAGE_BYTES,
    })
    const line = (kind: keyof typeof s.counts) => {
      const c = s.counts[kind]
      return `${kind}: ${c.created} ${flags['dry-run'] ? 'to create' : 'created'}, ${c.updated} ${flags['dry-run'] ? 'to update' : 'updated'}, ${c.unchanged} unchanged${c.failed ? `, ${c.failed} failed` : ''}`
    }
    process.stdout.write(
      [
        `${flags['dry-run'] ? 'Dry run of the import' : 'Imported'} from ${s.root} in ${s.seconds.toFixed(1)} s:`,
        ...(['categories', 'tags', 'venues', 'organizers', 'events'] as const).map((k) => `  ${line(k)}`),
        `  images: ${s.images} stored${s.imagesFailed ? `, ${s.imagesFailed} refused` : ''}; users created: ${s.usersCreated}; warnings: ${s.warnings}`,
      ].join('\n') + '\n',
    )
    const failed = Object.values(s.counts).some((c) => c.failed)
    return failed ? 1 : 0
  } catch (error) {
    if (error instanceof ImportError) throw new CommandError(error.message)
    throw error
  }
}
