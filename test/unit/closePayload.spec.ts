// src/closePayload.ts: PostgreSQL's pool never ends by itself (db-postgres keeps one client checked out),
// so closing waits only until that client is the last one open, not for its one-second bound.
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import type { Payload } from 'payload'
import { closePayload } from '../../src/closePayload.js'

afterEach(() => {
  jest.useRealTimers()
})

/** A Payload whose pool holds `open` clients; end() closes all but one after 20 ms and never resolves. */
function withPool(open: number) {
  const pool = {
    totalCount: open,
    ended: false,
    end() {
      pool.ended = true
      setTimeout(() => (pool.totalCount = 1), 20)
      return new Promise<void>(() => {})
    },
  }
  const payload = { db: { pool }, destroy: async () => {} } as unknown as Payload
  return { payload, pool }
}

async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await jest.advanceTimersByTimeAsync(ms)
  return settled
}

describe('closePayload', () => {
  it('returns once only the never-released client is open, long before the bound', async () => {
    jest.useFakeTimers()
    const { payload, pool } = withPool(3)
    const closing = closePayload(payload)
    expect(await settledAfter(closing, 10)).toBe(false)
    expect(pool.ended).toBe(true)
    expect(await settledAfter(closing, 20)).toBe(true)
  })

  it('waits at most a second when a second client stays open', async () => {
    jest.useFakeTimers()
    const { payload, pool } = withPool(3)
    pool.end = () => new Promise<void>(() => {})
    const closing = closePayload(payload)
    expect(await settledAfter(closing, 900)).toBe(false)
    expect(await settledAfter(closing, 200)).toBe(true)
  })
})
