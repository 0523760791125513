// The benchmark's seeding loop (bench/seedDataset.ts inParallel). On SQLite every database call answers
// synchronously, so its awaits chain as microtasks; libsql's native statements are freed only when the
// event loop turns, and a loop that never let it turn held about 10 GB at 100,000 events. The loop must
// let it turn while it runs, and still start every task in index order (the seeded random sequence
// depends on it) and return results by index.
import { describe, expect, it } from '@jest/globals'
import { inParallel } from '../../bench/seedDataset.js'

describe('inParallel', () => {
  it('lets the event loop turn while tasks answer synchronously', async () => {
    let turns = 0
    let finished = false
    const tick = () => {
      if (finished) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const results = await inParallel(5_000, 8, async (i) => i * 2)
    finished = true
    expect(results).toHaveLength(5_000)
    // At least once every 8 × 200 tasks (without the yields: never before the end).
    expect(turns).toBeGreaterThanOrEqual(3)
  })

  it('starts tasks in index order and returns results by index', async () => {
    const started: number[] = []
    const results = await inParallel(1_000, 8, async (i) => {
      started.push(i)
      // Uneven completion: later tasks may finish first.
      await new Promise((resolve) => (i % 3 === 0 ? setImmediate(resolve) : resolve(null)))
      return `r${i}`
    })
    expect(started).toEqual(Array.from({ length: 1_000 }, (_, i) => i))
    expect(results).toEqual(Array.from({ length: 1_000 }, (_, i) => `r${i}`))
  })
})
