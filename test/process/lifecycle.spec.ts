// `npm start` as an operator runs it: no terminal, a fresh DATA_DIR, the CLI beside it, SIGTERM to
// npm's own PID, starts that must fail with one line. Each start may build the admin first when the
// build is older than the sources (.ci/run builds before the tests), hence the long timeouts.
import { createClient } from '@libsql/client'
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import path from 'node:path'
import { createServer, type Server } from 'node:net'
import { runCli } from '../helpers/runCli.js'
import {
  accepts,
  alive,
  freePort,
  killGroup,
  npm,
  operatorEnv,
  processTree,
  type Started,
  tempDir,
  waitUntilAnswers,
} from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const ADMIN = { email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean()
})

/** A fresh DATA_DIR and port, as a new installation has. */
async function installation(extra: Record<string, string> = {}) {
  const data = tempDir('calendar-life-')
  cleanups.push(data.remove)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env = operatorEnv({ DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin, ...extra })
  return { dataDir: data.dir, port, origin, env, dbFile: path.join(data.dir, 'calendar.db') }
}

async function npmStart(inst: Awaited<ReturnType<typeof installation>>): Promise<Started> {
  const started = npm(['start'], inst.env)
  cleanups.push(() => killGroup(started))
  await waitUntilAnswers(`${inst.origin}/wp-json/calendar/events/v1/`, started)
  return started
}

/** SIGTERM to npm itself (the top of the tree a process manager sees), then: all gone, exit 0. */
async function stopWithSigterm(started: Started, port: number) {
  const tree = processTree(started.child.pid!)
  expect(tree.length).toBeGreaterThan(1) // npm and the server under it
  started.child.kill('SIGTERM')
  const { code } = await started.exited
  expect(code).toBe(0)
  // npm waits for its child; give the kernel a moment to reap, then nothing of the tree is left.
  for (let i = 0; i < 50 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 100))
  expect(tree.filter(alive)).toEqual([])
  expect(await accepts(port)).toBe(false)
}

async function signIn(origin: string) {
  return fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
}

const createAdmin = (env: Record<string, string | undefined>) =>
  runCli(['users:create', '--email', ADMIN.email, '--username', ADMIN.username, '--password', ADMIN.password, '--role', 'administrator'], undefined, env)

describe('npm start and the CLI on one database (README quick start)', () => {
  it('start, users:create while it runs, SIGTERM, start again: it serves and the user signs in', async () => {
    const inst = await installation()
    const first = await npmStart(inst)
    const created = await createAdmin(inst.env)
    expect(created.stderr).not.toMatch(/Error/)
    expect(created.code).toBe(0)
    await stopWithSigterm(first, inst.port)

    const second = await npmStart(inst)
    expect(second.output()).not.toMatch(/data loss|dev mode/i)
    const login = await signIn(inst.origin)
    expect(login.status).toBe(200)
    expect((await login.json()).user).toMatchObject({ username: 'ada', role: 'administrator' })
    await stopWithSigterm(second, inst.port)
  })

  it('the CLI on a brand-new database first, then npm start', async () => {
    const inst = await installation()
    const created = await createAdmin(inst.env)
    expect(created.code).toBe(0)
    const started = await npmStart(inst)
    expect((await signIn(inst.origin)).status).toBe(200)
    await stopWithSigterm(started, inst.port)
  })

  it("a database an earlier CLI pushed a schema into (Payload's dev marker) starts again", async () => {
    const inst = await installation()
    expect((await createAdmin(inst.env)).code).toBe(0)
    const db = createClient({ url: `file:${inst.dbFile}` })
    await db.execute("INSERT INTO payload_migrations (name, batch, updated_at, created_at) VALUES ('dev', -1, '2026-01-01', '2026-01-01')")
    db.close()
    const started = await npmStart(inst)
    expect((await signIn(inst.origin)).status).toBe(200)
    await stopWithSigterm(started, inst.port)
  })

  it('a database whose schema was pushed, not migrated, is refused in one line (no prompt)', async () => {
    const inst = await installation()
    expect((await createAdmin(inst.env)).code).toBe(0)
    const db = createClient({ url: `file:${inst.dbFile}` })
    await db.execute("DELETE FROM payload_migrations WHERE name NOT LIKE '%initial'")
    await db.execute("INSERT INTO payload_migrations (name, batch, updated_at, created_at) VALUES ('dev', -1, '2026-01-01', '2026-01-01')")
    db.close()
    const started = npm(['start'], inst.env)
    cleanups.push(() => killGroup(started))
    const { code } = await started.exited
    expect(code).not.toBe(0)
    expect(started.output()).toMatch(/^Calendar cannot start: the database was set up by `npm run dev`.*$/m)
    expect(started.output()).not.toMatch(/ready/)
  })
})

describe('failed starts exit non-zero with one line, never "ready"', () => {
  it('the port is already in use', async () => {
    const inst = await installation()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(inst.port, resolve))
    cleanups.push(() => blocker.close())
    const started = npm(['start'], inst.env)
    cleanups.push(() => killGroup(started))
    const { code } = await started.exited
    expect(code).not.toBe(0)
    expect(started.output()).toMatch(new RegExp(`^Calendar cannot start: cannot listen on all interfaces port ${inst.port}: the port is already in use`, 'm'))
    expect(started.output()).not.toMatch(/Calendar ready/)
  })

  it('a DATABASE_URI that cannot be opened', async () => {
    const inst = await installation({ DATABASE_URI: 'file:/nonexistent-folder/sub/calendar.db' })
    const started = npm(['start'], inst.env)
    cleanups.push(() => killGroup(started))
    const { code } = await started.exited
    expect(code).not.toBe(0)
    expect(started.output()).toMatch(/^Calendar cannot start: cannot open the database file:\/nonexistent-folder\/sub\/calendar\.db: .+$/m)
    expect(started.output()).not.toMatch(/Calendar ready/)
  })

  it('an unreachable PostgreSQL server', async () => {
    const closedPort = await freePort()
    const inst = await installation({ DATABASE_URI: `postgres://calendar:secret-pw@127.0.0.1:${closedPort}/calendar` })
    const started = npm(['start'], inst.env)
    cleanups.push(() => killGroup(started))
    const { code } = await started.exited
    expect(code).not.toBe(0)
    expect(started.output()).toMatch(/^Calendar cannot start: cannot connect to PostgreSQL: .*ECONNREFUSED.*$/m)
    expect(started.output()).not.toMatch(/secret-pw/)
    expect(started.output()).not.toMatch(/Calendar ready/)
  })
})
