import { describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { AGENDA_MAX_PAGES, AGENDA_PAGE_SIZE, agendaPage } from '../../src/admin/agendaPage.js'

const now = DateTime.fromISO('2027-03-05T23:30:00Z')

describe('agendaPage', () => {
  it('starts today in the site zone by default', () => {
    // 23:30 UTC on 5 March is already 6 March in Tokyo.
    expect(agendaPage(undefined, 'Asia/Tokyo', now)).toEqual({ from: '2027-03-06', fromInstant: '2027-03-05T15:00:00.000Z', page: 1, read: AGENDA_PAGE_SIZE })
    expect(agendaPage({}, 'Europe/London', now).from).toBe('2027-03-05')
  })

  it('reads a chosen day as its start in the site zone, across DST', () => {
    expect(agendaPage({ from: '2027-03-28' }, 'Europe/London', now).fromInstant).toBe('2027-03-28T00:00:00.000Z')
    expect(agendaPage({ from: '2027-07-01' }, 'Europe/London', now).fromInstant).toBe('2027-06-30T23:00:00.000Z')
  })

  it('reads enough items for the page asked for, within bounds', () => {
    expect(agendaPage({ page: '3' }, 'UTC', now)).toMatchObject({ page: 3, read: 3 * AGENDA_PAGE_SIZE })
    expect(agendaPage({ page: String(AGENDA_MAX_PAGES + 5) }, 'UTC', now).page).toBe(AGENDA_MAX_PAGES)
  })

  it('falls back to the defaults on anything unreadable', () => {
    for (const bad of [{ from: '2027-02-30' }, { from: 'tomorrow' }, { from: ['x'] }, { page: '0' }, { page: '-2' }, { page: '1.5' }, { page: 'abc' }]) {
      const got = agendaPage(bad, 'UTC', now)
      if ('from' in bad) expect(got.from).toBe('2027-03-05')
      if ('page' in bad) expect(got.page).toBe(1)
    }
  })

  it('reads a series to list alone, and ignores one that is not an ID', () => {
    expect(agendaPage({ series: '42' }, 'UTC', now).series).toBe(42)
    for (const bad of ['0', '-1', 'x', '1.5']) expect(agendaPage({ series: bad }, 'UTC', now)).not.toHaveProperty('series')
  })
})
