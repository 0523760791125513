import { describe, expect, it } from '@jest/globals'
import { sqlInstant } from '../../lib/sql/sqlInstant.js'

describe('sqlInstant', () => {
  it('reads a date column as SQLite and PostgreSQL give it, as an ISO instant', () => {
    expect(sqlInstant('2026-11-28T09:00:00.000Z')).toBe('2026-11-28T09:00:00.000Z')
    expect(sqlInstant('2026-11-28 09:00:00+00')).toBe('2026-11-28T09:00:00.000Z')
    expect(sqlInstant('2026-11-28 10:30:00.5+01')).toBe('2026-11-28T09:30:00.500Z')
    expect(sqlInstant('2026-11-28 09:00:00+05:30')).toBe('2026-11-28T03:30:00.000Z')
    expect(sqlInstant(new Date('2026-11-28T09:00:00Z'))).toBe('2026-11-28T09:00:00.000Z')
  })

  it('refuses what is not a date', () => {
    expect(() => sqlInstant('soon')).toThrow(/not a date/)
    expect(() => sqlInstant(null)).toThrow(/not a date/)
  })
})
