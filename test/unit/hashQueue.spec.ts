import { describe, expect, it } from '@jest/globals'
import { HashQueue, HashQueueFull, hashSecret, rememberingVerifier } from '../../collections/secrets.js'

/** A task that runs until released, recording how many tasks run at once. */
function gate(state: { running: number; most: number; order: number[] }, id: number) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const task = async () => {
    state.running++
    state.most = Math.max(state.most, state.running)
    state.order.push(id)
    await released
    state.running--
    return id
  }
  return { task, release: () => release() }
}

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks at once, in order of arrival, and refuses past `maxWaiting`', async () => {
    const queue = new HashQueue(1, 2)
    const state = { running: 0, most: 0, order: [] as number[] }
    const gates = [0, 1, 2].map((id) => gate(state, id))
    const results = gates.map((g) => queue.run(g.task))
    // One running, two waiting: a fourth is refused at once.
    await expect(queue.run(async () => 3)).rejects.toBeInstanceOf(HashQueueFull)
    for (const g of gates) {
      g.release()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2])
    expect(state).toEqual({ running: 0, most: 1, order: [0, 1, 2] })
    // Free again.
    expect(await queue.run(async () => 'after')).toBe('after')
  })

  it('frees its slot when a task fails', async () => {
    const queue = new HashQueue(1, 0)
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await queue.run(async () => 'next')).toBe('next')
  })
})

describe('rememberingVerifier.remembered', () => {
  it('knows a verdict only once it has been worked out', async () => {
    const verify = rememberingVerifier({ max: 10, ttlMs: 60_000 })
    const stored = await hashSecret('sesame')
    expect(verify.remembered('sesame', stored)).toBeUndefined()
    expect(await verify('sesame', stored)).toBe(true)
    expect(await verify('guess', stored)).toBe(false)
    expect([verify.remembered('sesame', stored), verify.remembered('guess', stored), verify.remembered('other', stored)]).toEqual([true, false, undefined])
  })
})
