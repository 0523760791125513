import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

// `npm start` runs in production mode, where SQL schemas come only from the committed migrations.
// This boots that way on an empty database and writes to every collection: it fails when a
// collection changed without a new migration.
let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

function bootInProduction(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=production', '--import', 'tsx', 'test/helpers/productionBoot.ts', database.uri, database.kind],
      { env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' } },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('production start on an empty database', () => {
  it(`creates the schema from the committed migrations (${env.TEST_DATABASE}) and stores every collection`, async () => {
    const result = await bootInProduction()
    if (result.code !== 0) throw new Error(`boot failed (${result.code}):\n${result.stdout}\n${result.stderr}`)
    const summary = JSON.parse(result.stdout.trim().split('\n').pop()!)
    expect(summary.found).toBe(1)
    const [venue, organizer, event, category, tag] = summary.ids
    // Posts share one sequence, terms another.
    expect([venue, organizer, event]).toEqual([1, 2, 3])
    expect([category, tag]).toEqual([1, 2])
  })
})
