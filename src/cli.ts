// Operator CLI: `npm run cli -- <command> [--flags]` (quiet: `npm run --silent cli -- …`).
import { parseArgs } from 'node:util'
import { getPayload } from 'payload'
import { createAppPassword } from './commands/createAppPassword.js'
import { createUser } from './commands/createUser.js'
import config from './payload.config.js'

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  users:create --email E --username U --password P --role R
      R is one of administrator, editor, author, contributor, subscriber.
  app-passwords:create --user <username|email> --name LABEL
      Prints the new application password as the last line (it is shown only once).
`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE)
    return command ? 0 : 2
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
  })
  if (command !== 'users:create' && command !== 'app-passwords:create') {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`)
    return 2
  }
  const payload = await getPayload({ config })
  try {
    if (command === 'users:create') {
      const user = await createUser(payload, values)
      process.stdout.write(`Created ${user.role} "${user.username}" <${user.email}> with ID ${user.id}.\n`)
    } else {
      const { plain, user } = await createAppPassword(payload, { user: values.user, name: values.name })
      process.stdout.write(`Application password "${values.name}" for ${user}. Store it now; it is not shown again:\n${plain}\n`)
    }
    return 0
  } finally {
    await payload.destroy()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
}
process.exit()
