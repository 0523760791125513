// SIGTERM to `npm start` while it builds the admin (first start): `next build` stops with it and no
// process of the tree is left. Runs in a copy of the sources (node_modules linked), so the build it
// starts and interrupts never touches this checkout's .next.
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { cpSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { alive, freePort, killGroup, npm, operatorEnv, processTree, type Started, tempDir } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const copy = tempDir('calendar-build-')
const data = tempDir('calendar-build-data-')
let started: Started | undefined
afterAll(() => {
  killGroup(started)
  copy.remove()
  data.remove()
})

describe('a signal during the admin build', () => {
  it('stops next build with npm start: nothing left, exit 143', async () => {
    for (const entry of ['src', 'collections', 'endpoints', 'migrations', 'next.config.mjs', 'package.json', 'tsconfig.json']) {
      cpSync(path.resolve(entry), path.join(copy.dir, entry), { recursive: true })
    }
    symlinkSync(path.resolve('node_modules'), path.join(copy.dir, 'node_modules'))
    started = npm(['start'], operatorEnv({ DATA_DIR: data.dir, PORT: String(await freePort()) }), copy.dir)

    // Wait until next build runs under the server process.
    for (let i = 0; i < 1200 && !/Creating an optimized production build/.test(started.output()); i++) {
      if (started.child.exitCode !== null) throw new Error(`npm start exited early:\n${started.output()}`)
      await new Promise((r) => setTimeout(r, 250))
    }
    const tree = processTree(started.child.pid!)
    expect(started.output()).toMatch(/Building the admin UI/)
    expect(tree.length).toBeGreaterThanOrEqual(3) // npm, the server, next build

    started.child.kill('SIGTERM')
    const { code } = await started.exited
    expect(code).toBe(143)
    for (let i = 0; i < 100 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 100))
    expect(tree.filter(alive)).toEqual([])
  })
})
