// db:backup and db:restore as an operator runs them: real processes on real files, a server writing
// over HTTP while the backup runs, the restore started as a server again.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { CLI_ARGS } from '../helpers/runCli.js'

jest.setTimeout(600_000)

const NODE = [process.execPath, '--conditions=production', '--import', 'tsx']

function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URI: `file:${path.join(dataDir, 'calendar.db')}`,
    LOG_LEVEL: 'warn',
    ...extra,
  }
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<Run> } {
  const command = script === 'src/cli.ts' ? CLI_ARGS : [...NODE.slice(1), script]
  const child = spawn(NODE[0]!, [...command, ...args], { cwd: process.cwd(), env })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
  return { child, done }
}

const cli = (args: string[], dataDir: string, extra: Record<string, string> = {}) => run('src/cli.ts', args, childEnv(dataDir, extra)).done

async function mustSucceed(result: Promise<Run>): Promise<Run> {
  const r = await result
  if (r.code !== 0) throw new Error(`exit ${r.code}\n${r.stdout}\n${r.stderr}`)
  return r
}

interface Server {
  origin: string
  stop: () => Promise<void>
}

async function startServer(dataDir: string): Promise<Server> {
  const { child, done } = run('test/process/backupServer.ts', [], childEnv(dataDir))
  const origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const line = out.split('\n').find((l) => l.startsWith('{"origin"'))
      if (line) resolve(JSON.parse(line).origin)
    })
    done.then((r) => reject(new Error(`server exited ${r.code}\n${r.stdout}\n${r.stderr}`)))
  })
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM')
      await done
    },
  }
}

const API = '/wp-json/calendar/events/v1'

describe('db:backup while the server writes, db:restore into a fresh DATA_DIR', () => {
  const dirs: string[] = []
  const tmp = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `calendar-${name}-`))
    dirs.push(dir)
    return dir
  }
  let images: ImageServer
  const servers: Server[] = []

  beforeAll(async () => {
    images = await startImageServer()
  })
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {})
    await images.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('keeps every event acknowledged before the backup began, and the uploaded image', async () => {
    const source = tmp('source')
    const server = await startServer(source)
    servers.push(server)
    await mustSucceed(cli(['users:create', '--email', 'admin@example.org', '--username', 'admin', '--password', 'a long password', '--role', 'administrator'], source))
    const created = await mustSucceed(cli(['app-passwords:create', '--user', 'admin', '--name', 'writer'], source))
    const appPassword = created.stdout.trim().split('\n').at(-1)!
    const headers = { authorization: `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`, 'content-type': 'application/json' }
    const post = async (body: Record<string, unknown>) => {
      const res = await fetch(`${server.origin}${API}/events`, { method: 'POST', headers, body: JSON.stringify(body) })
      return { status: res.status, body: (await res.json()) as { id: number; title: string; image?: { url: string } | false } }
    }
    const when = { start_date: '2027-03-01 20:00', end_date: '2027-03-01 23:00', status: 'publish' }

    const withImage = await post({ title: 'Poster night', ...when, image: `${images.origin}/image.png` })
    expect(withImage.status).toBe(201)
    const imageUrl = (withImage.body.image as { url: string }).url
    expect(imageUrl).toMatch(/\/api\/media\/file\/.+\.png$/)

    // Writes go on, one after another, before, during and after the backup.
    const acknowledged: Array<{ id: number; title: string }> = [{ id: withImage.body.id, title: 'Poster night' }]
    let writing = true
    let failures = 0
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const r = await post({ title: `Concurrent ${n}`, ...when })
        if (r.status === 201) acknowledged.push({ id: r.body.id, title: r.body.title })
        else failures++
      }
    })()
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 100))

    const archive = path.join(tmp('archive'), 'calendar.tar.gz')
    const beforeBackup = acknowledged.slice()
    const backup = await cli(['db:backup', archive], source)
    const duringBackup = acknowledged.length - beforeBackup.length
    writing = false
    await writer
    expect(backup.code).toBe(0)
    expect(failures).toBe(0)
    // The server answered writes while the backup ran (it was not stopped or blocked).
    expect(duringBackup).toBeGreaterThan(0)
    expect(backup.stderr).toMatch(/Copying the database/)
    expect(backup.stdout).toMatch(/^Backup written to .*calendar\.tar\.gz: .*(\d+) events, \d+ venues, \d+ organizers, 1 media/m)
    const backedUp = Number(/(\d+) events/.exec(backup.stdout)![1])
    process.stderr.write(`backup: ${beforeBackup.length} events acknowledged before it started, ${duringBackup} during it, ${backedUp} in the archive\n`)
    expect(backedUp).toBeGreaterThanOrEqual(beforeBackup.length)
    await server.stop()

    const restoredDir = tmp('restored')
    const restore = await mustSucceed(cli(['db:restore', archive], restoredDir))
    expect(restore.stdout).toMatch(new RegExp(`Restored the backup .*${backedUp} events`))
    const restored = await startServer(restoredDir)
    servers.push(restored)

    expect(beforeBackup.length).toBeGreaterThanOrEqual(10)
    let found = 0
    for (const event of beforeBackup) {
      const res = await fetch(`${restored.origin}${API}/events/${event.id}`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { title: string }).title).toBe(event.title)
      found++
    }
    expect(found).toBe(beforeBackup.length)

    const image = await fetch(new URL(new URL(imageUrl, restored.origin).pathname, restored.origin))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\/png/)
    expect(Buffer.from(await image.arrayBuffer()).equals(images.png)).toBe(true)

    // The application password made before the backup still signs in (hashes and secret restored).
    const me = await fetch(`${restored.origin}/api/users/me`, { headers })
    expect(((await me.json()) as { user?: { username?: string } }).user?.username).toBe('admin')

    // The search index came with the database (a virtual table and its triggers): the restored events
    // are found through it, and so is a write made after the restore.
    const search = async (word: string) => Number((await fetch(`${restored.origin}${API}/events?search=${word}&start_date=2027-01-01`)).headers.get('x-tec-total'))
    expect(await search('Concurrent')).toBe(backedUp - 1)
    const late = await fetch(`${restored.origin}${API}/events`, { method: 'POST', headers, body: JSON.stringify({ title: 'Quokka after restore', ...when }) })
    expect(late.status).toBe(201)
    expect(await search('Quokka')).toBe(1)

    // While that server has the database open, a restore is refused; once stopped, content needs --force.
    const busy = await cli(['db:restore', archive, '--force'], restoredDir)
    expect(busy.code).toBe(1)
    expect(busy.stderr).toMatch(/^Error: .*calendar\.db is in use/m)
    await restored.stop()
    const full = await cli(['db:restore', archive], restoredDir)
    expect(full.code).toBe(1)
    expect(full.stderr).toMatch(/^Error: .*already holds \d+ events.*add --force/m)
    const forced = await mustSucceed(cli(['db:restore', archive, '--force'], restoredDir))
    expect(forced.stdout).toMatch(/kept as .*calendar\.db\.before-restore-/)
  })

  it('fails with one clear line on a missing file, a file that is not a backup, and a server database', async () => {
    const dir = tmp('errors')
    const missing = await cli(['db:restore', path.join(dir, 'nope.tar.gz')], dir)
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim()).toMatch(/^Error: .*nope\.tar\.gz does not exist$/)

    const notBackup = path.join(dir, 'notes.tar.gz')
    writeFileSync(notBackup, 'just some text')
    const wrong = await cli(['db:restore', notBackup], dir)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/^Error: .*notes\.tar\.gz is not a backup made by db:backup/m)
    expect(existsSync(path.join(dir, 'calendar.db'))).toBe(false)

    const noDatabase = await cli(['db:backup', path.join(dir, 'b.tar.gz')], dir)
    expect(noDatabase.code).toBe(1)
    expect(noDatabase.stderr.trim()).toMatch(/^Error: no database at /)

    const pg = await cli(['db:backup', path.join(dir, 'b.tar.gz')], dir, { DATABASE_URI: 'postgres://calendar:s3cret@127.0.0.1:5432/calendar' })
    expect(pg.code).toBe(1)
    expect(pg.stderr).toMatch(/pg_dump -Fc -d "\$DATABASE_URI" -f calendar\.dump/)
    expect(pg.stderr).not.toContain('s3cret')
    const pgRestore = await cli(['db:restore', notBackup], dir, { DATABASE_URI: 'postgresql://calendar:s3cret@127.0.0.1:5432/calendar' })
    expect(pgRestore.code).toBe(1)
    expect(pgRestore.stderr).toMatch(/pg_restore --clean --if-exists --no-owner -d "\$DATABASE_URI" calendar\.dump/)

    const mongo = await cli(['db:backup', path.join(dir, 'b.tar.gz')], dir, { DATABASE_URI: 'mongodb://127.0.0.1:27017/calendar' })
    expect(mongo.code).toBe(1)
    expect(mongo.stderr).toMatch(/mongodump --uri="\$DATABASE_URI" --gzip --archive=calendar\.archive/)
  })
})
