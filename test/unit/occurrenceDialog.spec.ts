import { describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { monthGrid } from '../../src/admin/monthGrid.js'
import { occurrenceChanges, occurrenceUrl, wireDate } from '../../src/admin/occurrenceChanges.js'

// The calendar's occurrence dialog (src/admin/OccurrenceEntry.tsx): the entries of a weekly New York
// series across its DST change carry their wall clocks in New York for the form, and the form sends
// only what the editor changed, as wall clocks the namespace reads in the event's zone.

const repeat = (id: number, originalStart: string) => ({ provisionalId: 10_000_000 + id, seriesId: 7, originalStart, changed: false })
const series = (id: number, start: string, end: string) => ({
  id: 7,
  title: 'Choir',
  startDate: start,
  endDate: end,
  timezone: 'America/New_York',
  repeat: repeat(id, start),
})

describe('monthGrid, occurrences', () => {
  const march = DateTime.fromISO('2027-03-01', { zone: 'Europe/London' })
  const grid = monthGrid(march, 'Europe/London', [
    series(1, '2027-03-10T00:00:00Z', '2027-03-10T02:00:00Z'),
    // After 14 March New York is on EDT: 19:00 there is 23:00 UTC.
    series(2, '2027-03-16T23:00:00Z', '2027-03-17T01:00:00Z'),
  ])
  const entries = grid.weeks.flat().flatMap((day) => day.entries.map((entry) => ({ date: day.date, entry })))

  it('puts each occurrence on its own day in the event zone, with its form values and provisional ID', () => {
    expect(entries.map(({ date, entry }) => [date, entry.time, entry.repeat?.provisionalId])).toEqual([
      ['2027-03-09', '19:00', 10_000_001],
      ['2027-03-16', '19:00', 10_000_002],
    ])
    expect(entries[1]!.entry.repeat).toMatchObject({
      seriesId: 7,
      zone: 'America/New_York',
      startInput: '2027-03-16T19:00',
      endInput: '2027-03-16T21:00',
      when: 'Tue 16 Mar 2027, 19:00–21:00',
      allDay: false,
      changed: false,
    })
    expect(entries[0]!.entry.hover).toContain('Repeating event')
  })

  it('gives an all-day occurrence dates for its inputs', () => {
    const day = monthGrid(march, 'UTC', [{ ...series(3, '2027-03-05T05:00:00Z', '2027-03-06T04:59:59Z'), allDay: true }]).weeks.flat().find((d) => d.entries.length)!
    expect(day.date).toBe('2027-03-05')
    expect(day.entries[0]!.repeat).toMatchObject({ startInput: '2027-03-05', endInput: '2027-03-05', allDay: true })
  })

  it('leaves single events without a repeat', () => {
    const day = monthGrid(march, 'UTC', [{ id: 1, title: 'Once', startDate: '2027-03-05T10:00:00Z', endDate: '2027-03-05T11:00:00Z' }]).weeks.flat().find((d) => d.entries.length)!
    expect(day.entries[0]!.repeat).toBeUndefined()
  })
})

describe('occurrenceChanges', () => {
  const initial = { title: 'Choir', start: '2027-03-16T19:00', end: '2027-03-16T21:00' }

  it('sends the title alone when only the title changed', () => {
    expect(occurrenceChanges(initial, { ...initial, title: ' Choir (guest conductor) ' }, false)).toEqual({ patch: { title: 'Choir (guest conductor)' } })
  })

  it('sends both dates when the start moved, as wall clocks with seconds', () => {
    expect(occurrenceChanges(initial, { ...initial, start: '2027-03-16T19:30', end: '2027-03-16T21:30' }, false)).toEqual({
      patch: { start_date: '2027-03-16 19:30:00', end_date: '2027-03-16 21:30:00' },
    })
    expect(occurrenceChanges(initial, { ...initial, start: '2027-03-16T18:00' }, false)).toEqual({
      patch: { start_date: '2027-03-16 18:00:00', end_date: '2027-03-16 21:00:00' },
    })
    expect(occurrenceChanges(initial, { ...initial, end: '2027-03-16T22:00' }, false)).toEqual({ patch: { end_date: '2027-03-16 22:00:00' } })
  })

  it('refuses an empty title, an end before the start, unreadable dates and no change', () => {
    expect(occurrenceChanges(initial, { ...initial, title: '  ' }, false)).toEqual({ error: 'The title cannot be empty.' })
    expect(occurrenceChanges(initial, { ...initial, end: '2027-03-16T18:00' }, false)).toEqual({ error: 'The end cannot be before the start.' })
    expect(occurrenceChanges(initial, { ...initial, start: '' }, false)).toEqual({ error: 'The start must be a date and a time.' })
    expect(occurrenceChanges(initial, { ...initial, end: '2027-03-16' }, false)).toEqual({ error: 'The end must be a date and a time.' })
    expect(occurrenceChanges(initial, initial, false)).toEqual({ error: 'Nothing was changed.' })
  })

  it('sends days for all-day occurrences', () => {
    const day = { title: 'Fair', start: '2027-03-05', end: '2027-03-05' }
    expect(occurrenceChanges(day, { ...day, start: '2027-03-06', end: '2027-03-07' }, true)).toEqual({ patch: { start_date: '2027-03-06', end_date: '2027-03-07' } })
    expect(occurrenceChanges(day, { ...day, start: '2027-03-06T10:00' }, true)).toEqual({ error: 'The start must be a date.' })
  })

  it('reads inputs with seconds and builds the namespace URL with its scope', () => {
    expect(wireDate('2027-03-16T19:00:30', false)).toBe('2027-03-16 19:00:30')
    expect(occurrenceUrl('/wp-json/calendar/events/v1', 10_000_002, 'following')).toBe('/wp-json/calendar/events/v1/events/10000002?scope=following')
    expect(occurrenceUrl('/wp-json/calendar/events/v1', 10_000_002)).toBe('/wp-json/calendar/events/v1/events/10000002')
  })
})
