// Settings from a .env file (ENV_FILE) as `npm start`, `npm run dev` and the CLI read them: a value
// from the file is used, the environment wins over it, and an unknown name or a malformed value
// stops each of them with one line naming the variable (no stack) and a non-zero exit.
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runCli } from '../helpers/runCli.js'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const work = tempDir('calendar-dotenv-')
afterAll(() => work.remove())

function envFile(name: string, lines: string[]): string {
  const file = path.join(work.dir, name)
  writeFileSync(file, `# written by the test\n${lines.join('\n')}\n`)
  return file
}

const ADMIN = ['users:create', '--email', 'ada@example.org', '--username', 'ada', '--password', 'correct horse battery', '--role', 'administrator']

describe('a value from .env is used; the environment wins', () => {
  it('the CLI puts its database in the DATA_DIR of the file', async () => {
    const fromFile = path.join(work.dir, 'data-from-file')
    const result = await runCli(ADMIN, undefined, { ENV_FILE: envFile('cli.env', [`DATA_DIR=${fromFile}`]) })
    expect(result.stderr).not.toMatch(/Error/)
    expect(result.code).toBe(0)
    expect(existsSync(path.join(fromFile, 'calendar.db'))).toBe(true)
  })

  it('DATA_DIR in the environment wins over the file', async () => {
    const fromFile = path.join(work.dir, 'ignored')
    const fromEnv = path.join(work.dir, 'data-from-env')
    const result = await runCli(ADMIN, undefined, { ENV_FILE: envFile('both.env', [`DATA_DIR=${fromFile}`]), DATA_DIR: fromEnv })
    expect(result.code).toBe(0)
    expect(existsSync(path.join(fromEnv, 'calendar.db'))).toBe(true)
    expect(existsSync(fromFile)).toBe(false)
  })

  it('npm start listens on the PORT of the file', async () => {
    const port = await freePort()
    const file = envFile('start.env', [`PORT=${port}`, `DATA_DIR=${path.join(work.dir, 'data-start')}`, `SITE_URL=http://127.0.0.1:${port}`])
    let started: Started | undefined
    try {
      started = npm(['start'], operatorEnv({ ENV_FILE: file }))
      await waitUntilAnswers(`http://127.0.0.1:${port}/healthz`, started)
      started.child.kill('SIGTERM')
      expect((await started.exited).code).toBe(0)
    } finally {
      killGroup(started)
    }
  })
})

/** How each entry is run: its output and exit code, with nothing but the settings file given. */
const entries: Array<[string, (envFilePath: string) => Promise<{ code: number | null; output: string }>]> = [
  ['npm start', (file) => finish(npm(['start'], operatorEnv({ ENV_FILE: file })))],
  ['npm run dev', (file) => finish(npm(['run', 'dev'], operatorEnv({ ENV_FILE: file })))],
  [
    'npm run cli',
    async (file) => {
      const r = await runCli(['users:list'], undefined, { ENV_FILE: file })
      return { code: r.code, output: r.stdout + r.stderr }
    },
  ],
]

async function finish(started: Started) {
  try {
    const { code } = await started.exited
    return { code, output: started.output() }
  } finally {
    killGroup(started)
  }
}

describe.each(entries)('%s with a bad .env', (_name, run) => {
  it('an unknown name stops it, naming the variable in one line', async () => {
    const file = envFile('unknown.env', ['PORT=3000', 'PAYLAOD_SECRET=misspelt-s3cret'])
    const { code, output } = await run(file)
    expect(code).not.toBe(0)
    // A misspelt secret's value must not reach the logs.
    expect(output).not.toContain('misspelt-s3cret')
    expect(output).toMatch(new RegExp(`^(Calendar cannot start|Error): PAYLAOD_SECRET in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a setting of this service.*$`, 'm'))
    expect(output).not.toMatch(/^\s+at /m)
  })

  it('a malformed value stops it, naming the variable in one line', async () => {
    const file = envFile('malformed.env', ['PORT=eighty'])
    const { code, output } = await run(file)
    expect(code).not.toBe(0)
    expect(output).toMatch(/^(Calendar cannot start|Error): PORT must be an integer from 0 to 65535 \(got "eighty"\)$/m)
    expect(output).not.toMatch(/^\s+at /m)
  })
})
