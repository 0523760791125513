// Provisional IDs (Events Calendar Pro's): base + occurrence ID, the base raised in steps of itself
// while post IDs come within 50,000 of it, so no provisional ID ever names a real post.
import { describe, expect, it } from '@jest/globals'
import { raisedBase } from '../../lib/recurrence/raisedBase.js'

describe('the base of provisional IDs', () => {
  it('is the configured base while post IDs stay 50,000 below it', () => {
    expect(raisedBase(10_000_000, 0)).toBe(10_000_000)
    expect(raisedBase(10_000_000, 9_949_999)).toBe(10_000_000)
  })

  it('moves up in steps of the configured base once post IDs come near it', () => {
    expect(raisedBase(10_000_000, 9_950_000)).toBe(20_000_000)
    expect(raisedBase(10_000_000, 19_960_000)).toBe(30_000_000)
    expect(raisedBase(1_000_000, 2_500_000)).toBe(3_000_000)
  })
})
