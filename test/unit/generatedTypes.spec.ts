import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generateTypes } from 'payload/node'
import { buildCalendarConfig } from '../../src/payload.config.js'

// The documents the code handles are Payload's generated types (src/payload-types.ts, committed):
// they must be what `npm run generate:types` writes from today's collections, and endpoints/ uses
// them without double casts that would bypass them.

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('generated document types', () => {
  it('src/payload-types.ts is what generate:types writes from the collections (run it and commit the result)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payload-types-'))
    try {
      // The configuration only: an SQLite adapter that never connects, as the npm script does.
      const config = await buildCalendarConfig('file::memory:', 'sqlite')
      const outputFile = path.join(dir, 'payload-types.ts')
      await generateTypes({ ...config, typescript: { ...config.typescript, outputFile } }, { log: false })
      const generated = readFileSync(outputFile, 'utf8')
      expect(generated).toContain("declare module 'payload'")
      expect(readFileSync(path.join(ROOT, 'src/payload-types.ts'), 'utf8')).toBe(generated)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  const endpointFiles = () =>
    readdirSync(path.join(ROOT, 'endpoints'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))

  it('endpoints/ reads Local API results through those types, never through `as unknown as`', () => {
    const files = endpointFiles()
    expect(files.length).toBeGreaterThan(50)
    const offending = files.filter((file) => /\bas unknown as\b/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file))
    expect(offending).toEqual([])
  })

  it('endpoints/ writes data of those types: no `as never`, no cast of the data it passes to the Local API', () => {
    const cast = /\bas never\b|\bdata: [^,}]* as \w|\bas RequiredDataFromCollectionSlug\b/
    const offending = endpointFiles().filter((file) => cast.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file))
    expect(offending).toEqual([])
  })
})
