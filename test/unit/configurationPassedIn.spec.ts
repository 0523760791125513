import { afterEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

// Only src/ reads the environment, and only when asked: the plugin takes its settings as options.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const temporary: string[] = []
const saved = { DATA_DIR: process.env.DATA_DIR, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET }

function temporaryDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-config-'))
  temporary.push(dir)
  return dir
}

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('configuration passed in', () => {
  it('importing src/env.ts and reading the settings writes nothing; payloadSecret generates the secret once and keeps it', async () => {
    const dataDir = path.join(temporaryDir(), 'data')
    process.env.DATA_DIR = dataDir
    delete process.env.PAYLOAD_SECRET
    const { env } = await import('../../src/env.js')
    expect(existsSync(dataDir)).toBe(false)
    expect(env.DATA_DIR).toBe(dataDir)
    expect(env.PAYLOAD_SECRET).toBeUndefined()
    expect(existsSync(dataDir)).toBe(false)

    const { payloadSecret } = await import('../../src/payloadSecret.js')
    const secret = payloadSecret(env)
    const file = path.join(dataDir, 'payload-secret')
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(readFileSync(file, 'utf8')).toBe(secret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(payloadSecret(env)).toBe(secret)
    expect(payloadSecret({ DATA_DIR: dataDir, PAYLOAD_SECRET: 'set by the operator' })).toBe('set by the operator')
  })

  it('importing the plugin entry (src/index.ts) and applying the plugin read no environment variable and write nothing', async () => {
    const dataDir = path.join(temporaryDir(), 'data')
    const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=production', '--import', 'tsx', 'test/unit/fixtures/envReads.ts', 'src/index.ts'],
      { cwd: root, env: { ...inherited, DATA_DIR: dataDir } },
    )
    const result = JSON.parse(stdout) as { exports: string[]; onImport: string[]; onUse: string[] }
    expect(result.exports).toEqual(expect.arrayContaining(['calendarPlugin', 'createCalendarRouter']))
    expect(result.onImport).toEqual([])
    expect(result.onUse).toEqual([])
    expect(existsSync(dataDir)).toBe(false)
  }, 60_000)
})
