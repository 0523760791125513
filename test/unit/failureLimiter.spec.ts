import { describe, expect, it } from '@jest/globals'
import { FailureLimiter } from '../../collections/auth/FailureLimiter.js'

/** A limiter on a hand-driven clock (milliseconds). */
function limiter(limits: Partial<ConstructorParameters<typeof FailureLimiter>[0]> = {}) {
  let now = 1_000_000
  const l = new FailureLimiter({ maxFailures: 3, windowSeconds: 60, lockSeconds: 300, maxKeys: 100, ...limits }, () => now)
  return { l, advance: (seconds: number) => (now += seconds * 1000) }
}

describe('FailureLimiter', () => {
  it('locks a key at the limit, for lockSeconds, and counts down Retry-After', () => {
    const { l, advance } = limiter()
    expect(l.fail('a')).toBe(0)
    expect(l.fail('a')).toBe(0)
    expect(l.retryAfter('a')).toBe(0)
    expect(l.fail('a')).toBe(300)
    expect(l.retryAfter('a')).toBe(300)
    advance(100.5)
    expect(l.retryAfter('a')).toBe(200)
    expect(l.retryAfter('b')).toBe(0)
  })

  it('unlocks after the lock time, and counts afresh', () => {
    const { l, advance } = limiter()
    for (let i = 0; i < 3; i++) l.fail('a')
    advance(300)
    expect(l.retryAfter('a')).toBe(0)
    expect(l.fail('a')).toBe(0)
    expect(l.fail('a')).toBe(0)
    expect(l.fail('a')).toBe(300)
  })

  it('forgets failures older than the window', () => {
    const { l, advance } = limiter()
    l.fail('a')
    l.fail('a')
    advance(61)
    expect(l.fail('a')).toBe(0)
    expect(l.retryAfter('a')).toBe(0)
  })

  it('forgets a key on success', () => {
    const { l } = limiter()
    l.fail('a')
    l.fail('a')
    l.succeed('a')
    expect(l.fail('a')).toBe(0)
  })

  it('keeps at most maxKeys keys, however many are tried', () => {
    const { l } = limiter({ maxKeys: 50 })
    for (let i = 0; i < 10_000; i++) l.fail(`key-${i}`)
    expect(l.size).toBeLessThanOrEqual(50)
  })
})
