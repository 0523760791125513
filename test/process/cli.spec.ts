// The operator CLI as processes (`npm run cli`'s entry) beside a running server on the same
// embedded database; what each command did is checked over HTTP. Prints the time of each command.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { type CliResult, runCli } from '../helpers/runCli.js'
import { startChild } from '../../bench/startChild.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'

jest.setTimeout(1_500_000)

const data = tempDir('calendar-cli-')
let server: ChildProcess | undefined
let origin = ''
let env: Record<string, string> = {}
const timings: Array<[string, number]> = []

/** The CLI's entry as a process; a last argument that is an object adds to its environment. */
async function cli(...args: Array<string | Record<string, string>>): Promise<CliResult> {
  const extra = typeof args.at(-1) === 'object' ? (args.pop() as Record<string, string>) : {}
  const argv = args as string[]
  const result = await runCli(argv, undefined, { ...env, ...extra })
  timings.push([argv.slice(0, 1).concat(argv.slice(1).filter((a) => a.startsWith('--'))).join(' '), result.ms])
  return result
}

/**
 * `npm run cli -- <args>` exactly as docs/operations.md writes it, banner and all, with `input` piped on standard
 * input (or, with `tty`, typed at a terminal through script(1) once the prompt shows): everything the
 * terminal would show is in `output`.
 */
function npmCli(args: string[], options: { input?: string; tty?: string[]; env?: Record<string, string> } = {}): Promise<{ code: number | null; output: string }> {
  const line = ['npm', 'run', 'cli', '--', ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ')
  const [command, argv] = options.tty ? ['script', ['-qfec', line, '/dev/null']] : ['npm', ['run', 'cli', '--', ...args]]
  const started = performance.now()
  const child = spawn(command as string, argv as string[], { env: operatorEnv({ ...env, ...options.env }), stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  const typed = [...(options.tty ?? [])]
  const collect = (d: Buffer) => {
    output += d
    // Each answer is typed once its prompt is on the screen (the terminal is in no-echo mode by then).
    const prompts = output.match(/(Password for|New password for|Again, to confirm|Application password of)[^\n]*: $/)
    if (prompts && typed.length) child.stdin.write(`${typed.shift()}\r`)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  if (!options.tty) child.stdin.end(options.input ?? '')
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      timings.push([`npm run cli -- ${args[0]}${options.tty ? ' (terminal)' : ' (stdin)'}`, Math.round(performance.now() - started)])
      resolve({ code, output })
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  env = { DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin, PAYLOAD_SECRET: 'cli-test-secret' }
  // The server process as `npm start` runs it (production: the committed migrations, Payload's /api),
  // without the admin: its build is not what these tests are about, and on a shared checkout another
  // build of it may be running.
  server = await startChild('test/helpers/instanceServer.ts', [String(port), `file:${path.join(data.dir, 'calendar.db')}`, 'sqlite'], operatorEnv(env))
})
afterAll(() => {
  server?.kill('SIGKILL')
  data.remove()
  if (timings.length) process.stdout.write(`CLI wall-clock time per command (ms):\n${timings.map(([c, ms]) => `  ${String(ms).padStart(6)}  ${c}`).join('\n')}\n`)
})

const login = (email: string, password: string) =>
  fetch(`${origin}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
/** Who the server takes the caller for with these HTTP Basic credentials (null: nobody). */
const basic = async (user: string, password: string): Promise<string | null> => {
  const res = await fetch(`${origin}/api/users/me`, { headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } })
  return ((await res.json()) as { user?: { username?: string } | null }).user?.username ?? null
}

/** A failure: exit code 1 and exactly one line on stderr, the given one. */
function expectError(result: CliResult, line: string) {
  expect(result.code).toBe(1)
  expect(result.stderr.trim().split('\n')).toEqual([`Error: ${line}`])
}

describe('users', () => {
  it('users:create makes users, as the README writes it, the password piped on standard input and never shown', async () => {
    const ada = await npmCli(['users:create', '--email', 'Ada@Example.org', '--username', 'ada', '--role', 'administrator'], { input: 'correct horse battery\n' })
    expect(ada.output).toMatch(/^Created administrator "ada" <ada@example.org> with ID 1\.$/m)
    expect(ada.code).toBe(0)
    expect(ada.output).toContain('src/cli.ts users:create --email') // npm's banner, with the command line: no password on it
    expect(ada.output).not.toContain('correct horse')
    expect((await login('ada@example.org', 'correct horse battery')).status).toBe(200)
    // Old scripts' --password P still works (npm's banner shows it: the documentation no longer writes it).
    expect((await cli('users:create', '--email', 'ed@example.org', '--username', 'ed', '--password', 'staple paper clip', '--role', 'editor')).code).toBe(0)
  })

  it('users:create refuses a taken username or e-mail and a short password, saying why', async () => {
    const env = { CALENDAR_PASSWORD: 'correct horse battery' }
    expectError(await cli('users:create', '--email', 'other@example.org', '--username', 'ada', '--role', 'editor', env), 'a user with username "ada" already exists')
    expectError(await cli('users:create', '--email', 'ADA@example.org', '--username', 'ada2', '--role', 'editor', env), 'a user with e-mail "ada@example.org" already exists')
    const short = await npmCli(['users:create', '--email', 'x@example.org', '--username', 'x', '--role', 'editor'], { input: 'short\n' })
    expect(short.code).toBe(1)
    expect(short.output).toMatch(/^Error: the password must be at least 12 characters long \(a few words make a good one\)$/m)
    // Flags are checked before any password is asked for.
    expectError(await cli('users:create', '--email', 'x@example.org', '--username', 'x'), 'missing --role')
    expect((await login('ada@example.org', 'correct horse battery')).status).toBe(200)
  })

  it('users:list shows each user with role and creation date', async () => {
    const result = await cli('users:list')
    expect(result.code).toBe(0)
    const rows = result.stdout.trim().split('\n').filter((l) => /^\d+\s/.test(l))
    expect(rows.map((r) => r.split(/\s+/).slice(0, 4))).toEqual([
      ['1', 'ada', 'ada@example.org', 'administrator'],
      ['2', 'ed', 'ed@example.org', 'editor'],
    ])
    for (const row of rows) expect(row).toMatch(/\s\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
  })

  it('users:set-password changes the password the server accepts, typed at a prompt that shows nothing; an unknown user says so', async () => {
    const typo = await npmCli(['users:set-password', '--user', 'ed'], { tty: ['a brand new passphrase', 'a brand new passphrase!'] })
    expect(typo.output).toMatch(/New password for ed: \r?\nAgain, to confirm: \r?\nError: the two entries differ/)
    expect(typo.code).toBe(1)
    expect(typo.output).not.toContain('brand new')
    const result = await npmCli(['users:set-password', '--user', 'ed'], { tty: ['a brand new passphrase', 'a brand new passphrase'] })
    expect(result.output).toMatch(/^New password set for ed <ed@example.org> \(ID 2\)\.\r?$/m)
    expect(result.code).toBe(0)
    expect(result.output).not.toContain('brand new')
    expect((await login('ed@example.org', 'staple paper clip')).status).toBe(401)
    expect((await login('ed@example.org', 'a brand new passphrase')).status).toBe(200)
    // From the environment, for scripts; nothing on standard input is needed then.
    const fromEnv = await npmCli(['users:set-password', '--user', 'ada'], { env: { CALENDAR_PASSWORD: 'a battery of horses' } })
    expect(fromEnv.code).toBe(0)
    expect(fromEnv.output).not.toContain('battery of')
    expect((await login('ada@example.org', 'a battery of horses')).status).toBe(200)
    // Nothing anywhere: one line saying where a password may come from.
    expectError(await cli('users:set-password', '--user', 'ed'), 'missing --password: type it when asked, pipe it on standard input or set CALENDAR_PASSWORD')
    expectError(await cli('users:set-password', '--password', 'a brand new passphrase'), 'missing --user (a username or an e-mail)')
    expectError(await cli('users:set-password', '--user', 'nobody', '--password', 'a brand new passphrase'), 'no user with username "nobody"')
    expectError(await cli('users:set-password', '--user', 'ed', '--password', 'tiny'), 'the password must be at least 12 characters long (a few words make a good one)')
  })

  it('users:list shows a lock made over HTTP and users:unlock lifts it: the right password works again', async () => {
    for (let i = 0; i < 10; i++) expect((await login('ed@example.org', `wrong ${i}`)).status).toBe(401)
    expect((await login('ed@example.org', 'a brand new passphrase')).status).toBe(429)
    const listed = await cli('users:list')
    const ed = listed.stdout.split('\n').find((l) => /^2\s+ed\s/.test(l))
    expect(ed).toMatch(/\slocked from \S+ until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(listed.stdout.split('\n').find((l) => /^1\s+ada\s/.test(l))).toMatch(/\sok$/)

    const unlocked = await cli('users:unlock', '--user', 'ed')
    expect(unlocked.code).toBe(0)
    expect(unlocked.stdout).toMatch(/^Lifted the sign-in limits of ed <ed@example.org> \(ID 2\) from every address \(1 counter removed\)\.$/m)
    expect((await login('ed@example.org', 'a brand new passphrase')).status).toBe(200)
    expect((await cli('users:list')).stdout.split('\n').find((l) => /^2\s+ed\s/.test(l))).toMatch(/\sok$/)
    expectError(await cli('users:unlock', '--user', 'nobody'), 'no user with username "nobody"')
    expectError(await cli('users:unlock'), 'give --user U, --address A, or both')
  })
})

describe('application passwords', () => {
  const plain: Record<string, string> = {}

  it('app-passwords:create, then :list shows them (never the secret), all or per user', async () => {
    for (const [user, name] of [['ed', 'website'], ['ed', 'import'], ['ada', 'backup']] as const) {
      const result = await cli('app-passwords:create', '--user', user, '--name', name)
      expect(result.code).toBe(0)
      plain[name] = result.stdout.trim().split('\n').pop()!
      expect(plain[name]).toMatch(/^(\S{4} ){5}\S{4}$/)
      expect(await basic(user, plain[name]!)).toBe(user)
    }
    const all = await cli('app-passwords:list')
    expect(all.code).toBe(0)
    const rows = all.stdout.trim().split('\n').filter((l) => /^\d+\s/.test(l)).map((r) => r.split(/\s+/).slice(0, 3))
    expect(rows).toEqual([['1', 'ed', 'website'], ['2', 'ed', 'import'], ['3', 'ada', 'backup']])
    for (const secret of Object.values(plain)) expect(all.stdout).not.toContain(secret)

    const eds = await cli('app-passwords:list', '--user', 'ed')
    expect(eds.stdout.trim().split('\n').filter((l) => /^\d+\s/.test(l))).toHaveLength(2)
    expectError(await cli('app-passwords:list', '--user', 'nobody'), 'no user with username "nobody"')
  })

  it('app-passwords:revoke by --id or by --user and --name: the password stops working', async () => {
    const byId = await cli('app-passwords:revoke', '--id', '1')
    expect(byId.code).toBe(0)
    expect(byId.stdout).toMatch(/^Revoked application password "website" \(ID 1\)\.$/m)
    expect(await basic('ed', plain.website!)).toBeNull()

    const byName = await cli('app-passwords:revoke', '--user', 'ed', '--name', 'import')
    expect(byName.code).toBe(0)
    expect(await basic('ed', plain.import!)).toBeNull()
    expect(await basic('ada', plain.backup!)).toBe('ada')

    expectError(await cli('app-passwords:revoke', '--id', '1'), 'no application password with ID 1')
    expectError(await cli('app-passwords:revoke', '--user', 'ed'), 'give --id N, or --user U and --name LABEL')
  })
})

describe('import:tec credentials', () => {
  it('reads the application password from standard input and sends it to the site, never showing it', async () => {
    // A source that refuses every credential, and remembers what it was sent.
    const seen: IncomingHttpHeaders[] = []
    const source = createServer((req, res) => {
      seen.push(req.headers)
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"incorrect_password","message":"no","data":{"status":401}}')
    })
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
    const from = `http://127.0.0.1:${(source.address() as AddressInfo).port}/wp-json`
    try {
      const secret = 'Njt2 abcd EFGH ijkl MNOP qrst'
      const piped = await npmCli(['import:tec', '--from', from, '--user', 'admin', '--allow-private-hosts'], { input: `${secret}\n` })
      expect(piped.output).toMatch(/^Error: the site refused the credentials \(401 incorrect_password\): check --user and --app-password$/m)
      expect(piped.code).toBe(1)
      expect(piped.output).not.toContain('Njt2')
      const sent = seen.map((h) => h.authorization).filter(Boolean)
      expect(sent.length).toBeGreaterThan(0)
      expect(sent.every((a) => a === `Basic ${Buffer.from(`admin:${secret}`).toString('base64')}`)).toBe(true)

      seen.length = 0
      const typed = await npmCli(['import:tec', '--from', from, '--user', 'admin', '--allow-private-hosts'], { tty: [secret] })
      expect(typed.output).toMatch(/Application password of admin on \S+: /)
      expect(typed.output).not.toContain('Njt2')
      expect(seen.map((h) => h.authorization).filter(Boolean)[0]).toBe(`Basic ${Buffer.from(`admin:${secret}`).toString('base64')}`)
    } finally {
      source.close()
    }
  })
})

describe('usage errors', () => {
  it('an unknown command prints the usage and exits 2', async () => {
    const result = await cli('users:delete-everything')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: unknown command "users:delete-everything"\n\nUsage: npm run cli -- <command> \[options\]/)
    for (const command of ['users:create', 'users:list', 'users:set-password', 'users:unlock', 'app-passwords:create', 'app-passwords:list', 'app-passwords:revoke']) {
      expect(result.stderr).toContain(`  ${command}`)
    }
  })

  it('an unknown flag prints the usage and exits 2', async () => {
    const result = await cli('users:list', '--all')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: users:list: Unknown option '--all'\n\nUsage:/)
  })

  it('a flag without its value prints the usage and exits 2', async () => {
    const result = await cli('users:set-password', '--password', 'correct horse battery', '--user')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: users:set-password: Option '--user <value>' argument missing\n\nUsage:/)
  })
})
