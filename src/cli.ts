// Operator CLI: `npm run cli -- <command> [--flags]` (quiet: `npm run --silent cli -- …`).
// Runs in production mode like `npm start`: the committed migrations run, the schema is never pushed,
// so a database any command touched still starts with `npm start`.
import { mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Payload } from 'payload'
import { runEntry } from './runEntry.js'

;(process.env as Record<string, string>).NODE_ENV = 'production'

interface CommandInput {
  /** The values of the command's declared flags. */
  flags: Record<string, string | undefined>
  /** The raw arguments after the command's name (for commands that declare no flags). */
  args: string[]
  /** Payload on DATABASE_URI, booted on first call (commands on the database file do without). */
  payload: () => Promise<Payload>
}

// Secrets never ride on the command line (npm's banner, shell history, ps, CI logs): commands read them
// with readSecret, from these variables (read by src/env.ts, like every other) or standard input.
const SECRET_VARIABLES = { password: 'CALENDAR_PASSWORD', appPassword: 'CALENDAR_APP_PASSWORD' } as const

interface Command {
  synopsis: string
  help: string
  /** String flags, parsed strictly; without them the command reads `args` itself. */
  flags?: string[]
  /** Checks of the flags alone, run before Payload boots (a usage mistake answers at once). */
  check?: (flags: Record<string, string | undefined>) => Promise<void>
  /** A flag holding a password: when left out, read by readSecret (after `check`), then checked by its rule. */
  secret?: { flag: string; prompt: (flags: Record<string, string | undefined>) => string; confirm: boolean; check: (value: string) => Promise<void> }
  /** Text for stdout (exit 0), or an exit code when the command wrote its own output. */
  run: (input: CommandInput) => Promise<string | number>
}

const COMMANDS: Record<string, Command> = {
  'users:create': {
    synopsis: '--email E --username U --role R',
    help: `R is one of administrator, editor, author, contributor, subscriber. The password (at least 12 characters) is asked for, read from standard input or from ${SECRET_VARIABLES.password}.`,
    flags: ['email', 'username', 'password', 'role'],
    check: async (flags) => (await import('./commands/createUser.js')).checkNewUser(flags),
    secret: { flag: 'password', prompt: (flags) => `Password for ${flags.username}`, confirm: true, check: checkNewPassword },
    run: async ({ flags, payload }) => {
      const { createUser } = await import('./commands/createUser.js')
      const user = await createUser(await payload(), flags)
      return `Created ${user.role} "${user.username}" <${user.email}> with ID ${user.id}.`
    },
  },
  'users:list': {
    synopsis: '',
    help: 'Every user: ID, username, e-mail, role, and whether sign-in is locked.',
    flags: [],
    run: async ({ payload }) => (await import('./commands/listUsers.js')).listUsers(await payload()),
  },
  'users:set-password': {
    synopsis: '--user <username|email>',
    help: `A new password (at least 12 characters), asked for, read from standard input or from ${SECRET_VARIABLES.password}.`,
    flags: ['user', 'password'],
    check: async (flags) => {
      if (!flags.user) throw new (await import('./commands/CommandError.js')).CommandError('missing --user (a username or an e-mail)')
    },
    secret: { flag: 'password', prompt: (flags) => `New password for ${flags.user}`, confirm: true, check: checkNewPassword },
    run: async ({ flags, payload }) => (await import('./commands/setPassword.js')).setPassword(await payload(), flags),
  },
  'users:unlock': {
    synopsis: '--user <username|email> [--address A] | --address A',
    help: "Lifts the user's sign-in locks from every address (or from A only); --address alone lifts that address's own lock.",
    flags: ['user', 'address'],
    check: async (flags) => {
      if (!flags.user && !flags.address) throw new (await import('./commands/CommandError.js')).CommandError('give --user U, --address A, or both')
    },
    run: async ({ flags, payload }) => (await import('./commands/unlockUser.js')).unlockUser(await payload(), flags),
  },
  'app-passwords:create': {
    synopsis: '--user <username|email> --name LABEL',
    help: 'Prints the new application password as the last line (it is shown only once).',
    flags: ['user', 'name'],
    run: async ({ flags, payload }) => {
      const { createAppPassword } = await import('./commands/createAppPassword.js')
      const { plain, user } = await createAppPassword(await payload(), flags)
      return `Application password "${flags.name}" for ${user}. Store it now; it is not shown again:\n${plain}`
    },
  },
  'app-passwords:list': {
    synopsis: '[--user <username|email>]',
    help: 'Application passwords (never the secret): ID, user, name, created, last used.',
    flags: ['user'],
    run: async ({ flags, payload }) => (await import('./commands/listAppPasswords.js')).listAppPasswords(await payload(), flags),
  },
  'app-passwords:revoke': {
    synopsis: '--id N | --user <username|email> --name LABEL',
    help: 'Deletes one application password; whatever used it gets 401 from then on.',
    flags: ['id', 'user', 'name'],
    check: async (flags) => (await import('./commands/revokeAppPassword.js')).checkRevoke(flags),
    run: async ({ flags, payload }) => (await import('./commands/revokeAppPassword.js')).revokeAppPassword(await payload(), flags),
  },
  'webhooks:list': {
    synopsis: '',
    help: 'Webhooks (never the secret): ID, URL, events, active, pending and failed deliveries, why disabled (docs/webhooks.md).',
    flags: [],
    run: async ({ payload }) => (await import('./commands/listWebhooks.js')).listWebhooks(await payload()),
  },
  'webhooks:deliveries': {
    synopsis: '[--webhook ID] [--status pending|delivered|failed]',
    help: 'The latest 100 webhook deliveries, newest first: webhook, webhook-id, type, status, attempts, last HTTP status and duration, next attempt or delivery time, error.',
    flags: ['webhook', 'status'],
    check: async (flags) => void (await import('./commands/listWebhookDeliveries.js')).checkDeliveryFlags(flags),
    run: async ({ flags, payload }) => (await import('./commands/listWebhookDeliveries.js')).listWebhookDeliveries(await payload(), flags),
  },
  'changes:tail': {
    synopsis: '[--from now|start] [--view editor|public] [--interval SECONDS]',
    help: 'Prints the change feed as it grows, one line per change (UTC time, kind, ID, action; the editor view adds who could see it before and after), until Ctrl-C. --from start prints the changes still kept first; --view public prints what an anonymous caller of GET /changes reads.',
    flags: ['from', 'view', 'interval'],
    check: async (flags) => void (await import('./commands/tailChanges.js')).parseTailFlags(flags),
    run: async ({ flags, payload }) => {
      const { parseTailFlags, tailChanges } = await import('./commands/tailChanges.js')
      const stop = new AbortController()
      const end = () => stop.abort()
      process.once('SIGINT', end)
      process.once('SIGTERM', end)
      const opened = await payload()
      process.stderr.write('Following the change feed; Ctrl-C stops.\n')
      try {
        return await tailChanges(opened, parseTailFlags(flags), (line) => process.stdout.write(`${line}\n`), stop.signal)
      } finally {
        process.off('SIGINT', end)
        process.off('SIGTERM', end)
      }
    },
  },
  'db:backup': {
    synopsis: 'FILE',
    help: 'Embedded database only: a consistent copy of it, its secret and the media, into FILE (.tar.gz), while the server runs.',
    run: async ({ args }) => (await import('./commands/databaseCommand.js')).databaseCommand('db:backup', args),
  },
  'db:restore': {
    synopsis: 'FILE [--force]',
    help: 'Restores a db:backup file into DATA_DIR; --force replaces a database with content (kept aside).',
    run: async ({ args }) => (await import('./commands/databaseCommand.js')).databaseCommand('db:restore', args),
  },
  'seed:demo': {
    synopsis: '[--seed N] [--events N] [--force]',
    help: 'A demo calendar (300 upcoming events in 7 time zones, venues, organizers, terms, demo users); refuses a second one unless --force.',
    check: async () => void (await import('./commands/seedDemo.js')).parseSeedDemoArgs(process.argv.slice(3)),
    run: async ({ args, payload }) => (await import('./commands/seedDemo.js')).seedDemoCommand(payload, args),
  },
  'import:tec': {
    synopsis: '--from <site>/wp-json [--user U] [--author USERNAME] [--dry-run] [--allow-private-hosts] [--per-page N] [--provisional-base N]',
    help: `Imports a The Events Calendar site (REST API v1) keeping IDs and slugs; re-runs update, interrupted runs resume. With --user, U's application password on that site is asked for, read from standard input or from ${SECRET_VARIABLES.appPassword}.`,
    run: async ({ args, payload }) =>
      (await import('./commands/importTec.js')).importTecCommand(payload, args, { envName: SECRET_VARIABLES.appPassword, envValue: (await import('./env.js')).env.CALENDAR_APP_PASSWORD }),
  },
  'import:ics': {
    synopsis: '<file|url> [--until DATE] [--user U] [--dry-run] [--allow-private-hosts]',
    help: 'Imports the events of an iCalendar file or URL (recurring ones expanded until DATE, a year ahead by default); re-runs update by UID, never duplicate.',
    run: async ({ args, payload }) => (await import('./commands/importIcs.js')).importIcsCommand(payload, args),
  },
}

async function checkNewPassword(value: string): Promise<void> {
  ;(await import('./commands/passwordRule.js')).checkPassword(value)
}

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${[name, c.synopsis].filter(Boolean).join(' ')}\n      ${c.help}`)
  .join('\n')}
`

/** A usage error: one line, then the usage, exit 2. */
function usageError(message: string): number {
  process.stderr.write(`Error: ${message}\n\n${USAGE}`)
  return 2
}

/** Payload on DATABASE_URI with the migrations run, as `npm start` boots it (never a schema push). */
async function bootPayload(): Promise<Payload> {
  const [{ getPayload }, { env }, { buildCalendarConfig }, { prepareDatabase }] = await Promise.all([
    import('payload'),
    import('./env.js'),
    import('./buildCalendarConfig.js'),
    import('./prepareDatabase.js'),
  ])
  // DATA_DIR (a first run's, or one a .env names) holds the default database: made before it is opened,
  // as building the config would make it only after.
  mkdirSync(env.DATA_DIR, { recursive: true })
  const { migrations } = await prepareDatabase(env.DATABASE_URI, env.DATABASE_KIND, 'cli')
  return getPayload({ config: buildCalendarConfig(env.DATABASE_URI, env.DATABASE_KIND, {}, { migrations }) })
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(USAGE)
    return name ? 0 : 2
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!command) return usageError(`unknown command "${name}"`)
  let flags: Record<string, string | undefined> = {}
  if (command.flags) {
    try {
      const options = Object.fromEntries(command.flags.map((f) => [f, { type: 'string' as const }]))
      flags = parseArgs({ args, options, strict: true, allowPositionals: false }).values as typeof flags
    } catch (error) {
      // parseArgs explains in its first sentence ("Unknown option '--x'"); the rest is advice on positionals.
      return usageError(`${name}: ${(error as Error).message.split('. ')[0]}`)
    }
  }
  await command.check?.(flags)
  if (command.secret) {
    const { flag, prompt, confirm, check } = command.secret
    const envName = SECRET_VARIABLES.password
    // `--password P` still works for old scripts; the documented form leaves it out.
    if (flags[flag] === undefined) {
      const { readSecret } = await import('./commands/readSecret.js')
      flags[flag] = await readSecret({ flag: `--${flag}`, envName, envValue: (await import('./env.js')).env.CALENDAR_PASSWORD, prompt: prompt(flags), confirm })
    }
    await check(flags[flag]!)
  }
  let payload: Promise<Payload> | undefined
  try {
    const result = await command.run({ flags, args, payload: () => (payload ??= bootPayload()) })
    if (typeof result === 'number') return result
    process.stdout.write(`${result}\n`)
    return 0
  } finally {
    const opened = await payload?.catch(() => undefined)
    if (opened) await (await import('./closePayload.js')).closePayload(opened).catch(() => {})
  }
}

await runEntry('Error', () => main(process.argv.slice(2)))
