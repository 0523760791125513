// src/runCompiled.mjs, which `npm run cli` and `npm start` start: the entry runs from a compiled copy (no loader
// hooks on the ~1,600 modules a command loads), rebuilt when one of its files changes, and from the
// sources through tsx when it cannot be bundled. Real processes on real files.
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CLI_ARGS } from '../helpers/runCli.js'
import { operatorEnv, tempDir } from '../helpers/serverProcess.js'

jest.setTimeout(120_000)

const CACHE = path.resolve('node_modules/.cache/calendar-entries')
const fixture = tempDir('calendar-compiled-')
// ESM like the project's own files (tsx reads the nearest package.json).
writeFileSync(path.join(fixture.dir, 'package.json'), '{"type":"module"}')
afterAll(() => {
  // The copies of this suite's entries, named after their paths.
  const mine = path.basename(fixture.dir)
  for (const name of readdirSync(CACHE)) if (name.includes(mine)) rmSync(path.join(CACHE, name), { recursive: true, force: true })
  fixture.remove()
})

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function node(args: string[], env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** An entry that reports what it imported, where it runs from, and what it was given. */
function writeEntry(file: string, importWord: string): string {
  const entry = path.join(fixture.dir, file)
  writeFileSync(
    entry,
    `${importWord}
const running = new Error().stack!.split('\\n')[1]
const answer: Record<string, unknown> = { word, url: import.meta.url, argv: process.argv.slice(1), running }
process.stdout.write(JSON.stringify(answer))
`,
  )
  return entry
}

function setWord(value: string, when: Date) {
  const file = path.join(fixture.dir, 'word.ts')
  writeFileSync(file, `export const word: string = ${JSON.stringify(value)}\n`)
  utimesSync(file, when, when)
}

const run = async (entry: string, ...args: string[]) => {
  const ran = await node(['src/runCompiled.mjs', entry, ...args])
  expect(ran).toMatchObject({ code: 0, stderr: '' })
  return JSON.parse(ran.stdout) as { word: string; url: string; argv: string[]; running: string }
}

describe('src/runCompiled.mjs', () => {
  it('runs the entry from a compiled copy, with its own import.meta.url and arguments, rebuilt when a file it imports changes', async () => {
    setWord('one', new Date(Date.now() - 60_000))
    const entry = writeEntry('entry.ts', "import { word } from './word.js'")
    const first = await run(entry, 'a', '--b')
    expect(first.word).toBe('one')
    expect(first.url).toBe(pathToFileURL(entry).href)
    expect(first.argv).toEqual([entry, 'a', '--b'])
    // Executing from the cache's copy, not from the TypeScript file.
    expect(first.running).toContain(CACHE)

    const again = await run(entry)
    expect(again.running).toBe(first.running)

    setWord('two', new Date())
    const changed = await run(entry)
    expect(changed.word).toBe('two')
    expect(changed.running).toContain(CACHE)
    expect(changed.running).not.toBe(first.running)
  })

  it('runs an entry it cannot bundle (an import esbuild cannot follow) from its sources through tsx', async () => {
    setWord('three', new Date())
    const entry = writeEntry('dynamic.ts', "const { word } = (await import(['./wo', 'rd.js'].join(''))) as { word: string }")
    const ran = await run(entry, 'x')
    expect(ran.word).toBe('three')
    expect(ran.argv).toEqual([entry, 'x'])
    expect(ran.running).toContain(entry)
  })

  it('starts the workers an entry forks (node:cluster, as WEB_CONCURRENCY does) the same way, from the copy', async () => {
    const entry = path.join(fixture.dir, 'workers.ts')
    writeFileSync(
      entry,
      `import cluster from 'node:cluster'
const here = () => new Error().stack!.split('\\n')[1]
if (cluster.isPrimary) {
  const worker = cluster.fork()
  worker.on('message', (fromWorker: unknown) => {
    process.stdout.write(JSON.stringify({ primary: here(), worker: fromWorker }))
    worker.kill()
  })
} else {
  process.send!({ argv: process.argv.slice(1), running: here() })
}
`,
    )
    const ran = await node(['src/runCompiled.mjs', entry, 'z'])
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    const { primary, worker } = JSON.parse(ran.stdout) as { primary: string; worker: { argv: string[]; running: string } }
    expect(primary).toContain(CACHE)
    expect(worker.running).toContain(CACHE)
    expect(worker.argv).toEqual([entry, 'z'])
  })

  it('is how `npm start` starts the server', () => {
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!
    expect(script).toBe('exec node --conditions=production src/runCompiled.mjs src/start.ts')
  })

  it('is how `npm run cli` starts the CLI: its compiled copy is built from src/cli.ts, its commands and their packages', async () => {
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.cli!
    expect(script.split(' ').slice(2)).toEqual(CLI_ARGS)
    // Without its stamp the CLI is bundled again from the current sources (a file esbuild cannot
    // follow would leave no stamp: the slow way through tsx). Other processes keep their copies.
    const stampFile = path.join(CACHE, 'src_cli.ts.json')
    rmSync(stampFile, { force: true })
    const ran = await node([...CLI_ARGS, 'help'], operatorEnv({}))
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Usage: npm run cli -- <command>/)
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { dir: string; inputs: Record<string, string> }
    expect(Object.keys(stamp.inputs)).toEqual(expect.arrayContaining(['src/cli.ts', 'src/commands/createUser.ts', 'src/buildCalendarConfig.ts', 'migrations/sqlite/index.ts']))
    expect(readdirSync(stamp.dir)).toContain('cli.mjs')
    // Packages are bundled into the copy (an install is its one input for them), except those kept
    // installed on purpose: Payload and drizzle no longer load from node_modules.
    expect(Object.keys(stamp.inputs)).toContain('node_modules/.package-lock.json')
    expect(Object.keys(stamp.inputs).filter((file) => file.includes('node_modules/') && file !== 'node_modules/.package-lock.json')).toEqual([])
    const copy = readdirSync(stamp.dir).filter((file) => file.endsWith('.mjs')).map((file) => readFileSync(path.join(stamp.dir, file), 'utf8'))
    expect(copy.length).toBeGreaterThan(1)
    const imported = new Set(copy.flatMap((text) => [...text.matchAll(/^(?:import\b[^;]*?|\})\s*from\s*"([^"]+)";$/gm)].map((m) => m[1]!)))
    expect(imported).toContain('node:crypto')
    for (const name of ['payload', 'drizzle-orm', '@payloadcms/drizzle', '@payloadcms/db-sqlite', '@payloadcms/richtext-lexical', 'graphql', 'lexical']) {
      expect(imported).not.toContain(name)
    }
    expect(copy.some((text) => text.includes('// node_modules/payload/dist/index.js'))).toBe(true)
    // And a command that boots Payload runs from it.
    const listed = await node([...CLI_ARGS, 'users:list'], operatorEnv({ DATABASE_URI: `file:${path.join(fixture.dir, 'cli.db')}` }))
    expect(listed).toMatchObject({ code: 0, stdout: expect.stringContaining('(none)') })
  })
})
