import { describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { monthGrid } from '../../src/admin/monthGrid.js'
import { wallClockKey } from '../../src/admin/wallClockRange.js'

// The admin calendar's days: each event on its own zone's days, a day's events in the order their
// labels read (all-day first, then local start time), with hover text and a protected flag.

const SITE = 'UTC'
const june = DateTime.fromISO('2027-06-01', { zone: SITE })
const events = [
  { id: 1, title: 'Tokyo Late Set', startDate: '2027-06-14T12:30:00Z', endDate: '2027-06-14T14:30:00Z', timezone: 'Asia/Tokyo' },
  { id: 2, title: 'Paris Evening', startDate: '2027-06-14T17:00:00Z', endDate: '2027-06-14T19:00:00Z', timezone: 'Europe/Paris', hasPassword: true },
  { id: 3, title: 'London Morning', startDate: '2027-06-14T09:00:00Z', endDate: '2027-06-14T10:00:00Z', timezone: 'Europe/London', status: 'draft' },
  { id: 4, title: 'Market', startDate: '2027-06-13T22:00:00Z', endDate: '2027-06-14T21:59:59Z', timezone: 'Europe/Paris', allDay: true },
]

describe('monthGrid', () => {
  it('orders a day by all-day first, then wall-clock start, whatever the instants', () => {
    const day = monthGrid(june, SITE, events).weeks.flat().find((d) => d.date === '2027-06-14')!
    expect(day.entries.map((e) => [e.time, e.title])).toEqual([
      ['All day', 'Market'],
      ['10:00', 'London Morning'],
      ['19:00', 'Paris Evening'],
      ['21:30', 'Tokyo Late Set'],
    ])
  })

  it('gives each entry its hover text and marks the protected one', () => {
    const entries = monthGrid(june, SITE, events).weeks.flat().flatMap((d) => d.entries)
    const byTitle = Object.fromEntries(entries.map((e) => [e.title, e]))
    expect(byTitle['Paris Evening']).toMatchObject({ protected: true, hover: 'Paris Evening — Mon 14 Jun 2027, 19:00–21:00 (Europe/Paris) · Password-protected' })
    expect(byTitle['London Morning']).toMatchObject({ protected: false, hover: 'London Morning — Mon 14 Jun 2027, 10:00–11:00 (Europe/London) · Draft' })
    expect(byTitle['Market']!.hover).toBe('Market — Mon 14 Jun 2027 (all day) (Europe/Paris)')
  })
})

describe('wallClockKey', () => {
  it('sorts by the start in each event’s own zone; no zone is the site’s', () => {
    expect(wallClockKey('2027-06-14T12:30:00Z', 'Asia/Tokyo', SITE)).toBe('2027-06-14T21:30')
    expect(wallClockKey('2027-06-14T17:00:00Z', 'Europe/Paris', SITE)).toBe('2027-06-14T19:00')
    expect(wallClockKey('2027-06-14T17:00:00Z', '', 'America/New_York')).toBe('2027-06-14T13:00')
    expect(wallClockKey(undefined, 'Europe/Paris', SITE)).toBe('')
  })
})
