// The operator CLI as processes (`npm run cli`'s entry) beside a running `npm start` on the same
// embedded database; what each command did is checked over HTTP. Prints the time of each command.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { type CliResult, runCli } from '../helpers/runCli.js'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const data = tempDir('calendar-cli-')
let server: Started
let origin = ''
let env: Record<string, string> = {}
const timings: Array<[string, number]> = []

async function cli(...args: string[]): Promise<CliResult> {
  const result = await runCli(args, undefined, env)
  timings.push([args.slice(0, 1).concat(args.slice(1).filter((a) => a.startsWith('--'))).join(' '), result.ms])
  return result
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  env = { DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin }
  server = npm(['start'], operatorEnv(env))
  await waitUntilAnswers(`${origin}/healthz`, server)
})
afterAll(() => {
  killGroup(server)
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
  it('users:create makes users; a taken username or e-mail and a short password are refused, saying why', async () => {
    const ada = await cli('users:create', '--email', 'Ada@Example.org', '--username', 'ada', '--password', 'correct horse battery', '--role', 'administrator')
    expect(ada.code).toBe(0)
    expect(ada.stdout).toMatch(/^Created administrator "ada" <ada@example.org> with ID 1\.$/m)
    expect((await cli('users:create', '--email', 'ed@example.org', '--username', 'ed', '--password', 'staple paper clip', '--role', 'editor')).code).toBe(0)

    expectError(await cli('users:create', '--email', 'other@example.org', '--username', 'ada', '--password', 'correct horse battery', '--role', 'editor'), 'a user with username "ada" already exists')
    expectError(await cli('users:create', '--email', 'ADA@example.org', '--username', 'ada2', '--password', 'correct horse battery', '--role', 'editor'), 'a user with e-mail "ada@example.org" already exists')
    expectError(await cli('users:create', '--email', 'x@example.org', '--username', 'x', '--password', 'short', '--role', 'editor'), 'the password must be at least 12 characters long (a few words make a good one)')
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

  it('users:set-password changes the password the server accepts; an unknown user says so', async () => {
    const result = await cli('users:set-password', '--user', 'ed', '--password', 'a brand new passphrase')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^New password set for ed <ed@example.org> \(ID 2\)\.$/m)
    expect((await login('ed@example.org', 'staple paper clip')).status).toBe(401)
    expect((await login('ed@example.org', 'a brand new passphrase')).status).toBe(200)
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
