// The primary's supervision (src/runWorkers.ts) over tiny workers: a worker that cannot start fails the
// whole start with status 1; workers that keep dying are replaced only up to the crash-loop bound, then
// the primary stops and exits 1 instead of spinning.
import { describe, expect, it, jest } from '@jest/globals'
import { freePort, start } from '../helpers/serverProcess.js'

jest.setTimeout(120_000)

async function runFixture(mode: string) {
  const started = start(process.execPath, ['--import', 'tsx', 'test/helpers/workerPoolFixture.ts', mode, String(await freePort())], { ...process.env, NODE_OPTIONS: '' })
  const exit = await started.exited
  return { exit, output: started.output() }
}

describe('the primary of several workers', () => {
  it('fails the start (status 1, never ready) when a worker exits before it listens', async () => {
    const { exit, output } = await runFixture('fail-at-start')
    expect(exit.code).toBe(1)
    expect(output).toMatch(/^failed: worker \d stopped with status 3 before it was ready$/m)
    expect(output).not.toMatch(/^ready$/m)
  })

  it('replaces dying workers, and gives up with status 1 once more than maxCrashes died within the window', async () => {
    const { exit, output } = await runFixture('crash-loop')
    expect(output).toMatch(/^ready$/m)
    const replaced = output.match(/died with status 7; starting a new one/g) ?? []
    expect(replaced.length).toBe(3)
    expect(output).toMatch(/died with status 7; 4 workers died within 60 s: stopping/)
    expect(exit.code).toBe(1)
  })
})
