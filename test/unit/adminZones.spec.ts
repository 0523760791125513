import { describe, expect, it } from '@jest/globals'
import type { Where } from 'payload'
import { NO_FILTERS, applyFilters, readFilters } from '../../src/admin/eventListWhere.js'
import { fromPickerDate, toPickerDate } from '../../src/admin/pickerDate.js'

// The events list's quick filters: each event is matched on the days of its own zone.

const SITE = 'UTC'
const ZONES = ['Europe/Paris', 'Asia/Tokyo', 'UTC', '', 'UTC+2']

describe('applyFilters', () => {
  it('writes one group per zone the events use, each with the day bounds of that zone', () => {
    const where = applyFilters(undefined, { ...NO_FILTERS, from: '2027-03-05', to: '2027-03-05' }, SITE, ZONES) as { or: Array<{ and: unknown[] }> }
    expect(where.or.map((g) => g.and)).toEqual([
      [{ timezone: { exists: false } }, { endDate: { greater_than_equal: '2027-03-05T00:00:00.000Z' } }, { startDate: { less_than: '2027-03-06T00:00:00.000Z' } }],
      [
        { timezone: { not_in: ['Europe/Paris', 'Asia/Tokyo', 'UTC+2'] } },
        { endDate: { greater_than_equal: '2027-03-05T00:00:00.000Z' } },
        { startDate: { less_than: '2027-03-06T00:00:00.000Z' } },
      ],
      [{ timezone: { in: ['Europe/Paris'] } }, { endDate: { greater_than_equal: '2027-03-04T23:00:00.000Z' } }, { startDate: { less_than: '2027-03-05T23:00:00.000Z' } }],
      [{ timezone: { in: ['Asia/Tokyo'] } }, { endDate: { greater_than_equal: '2027-03-04T15:00:00.000Z' } }, { startDate: { less_than: '2027-03-05T15:00:00.000Z' } }],
      [{ timezone: { in: ['UTC+2'] } }, { endDate: { greater_than_equal: '2027-03-04T22:00:00.000Z' } }, { startDate: { less_than: '2027-03-05T22:00:00.000Z' } }],
    ])
  })

  it('keeps the filter builder’s own conditions in every group, and reads every filter back', () => {
    const theirs: Where = { or: [{ and: [{ title: { like: 'jazz' } }] }] }
    const filters = { ...NO_FILTERS, from: '2027-03-01', to: '2027-03-31', status: 'draft', venue: '7', organizer: '3', tag: '9', category: '2' }
    const where = applyFilters(theirs, filters, SITE, ZONES) as { or: Array<{ and: Array<Record<string, unknown>> }> }
    expect(where.or).toHaveLength(5)
    for (const group of where.or) {
      expect(group.and).toEqual(
        expect.arrayContaining([
          { title: { like: 'jazz' } },
          { status: { equals: 'draft' } },
          { venues: { in: ['7'] } },
          { organizers: { in: ['3'] } },
          { tags: { in: ['9'] } },
          { categories: { in: ['2'] } },
        ]),
      )
    }
    expect(readFilters(where as Where, SITE)).toEqual(filters)
    // Cleared: only the builder's condition is left, once.
    expect(applyFilters(where as Where, NO_FILTERS, SITE, ZONES)).toEqual({ or: [{ and: [{ title: { like: 'jazz' } }] }] })
  })

  it('needs no zone conditions when every event is in the site zone', () => {
    const where = applyFilters(undefined, { ...NO_FILTERS, from: '2027-03-05' }, 'Europe/Paris', ['Europe/Paris', ''])
    expect(where).toEqual({ or: [{ and: [{ endDate: { greater_than_equal: '2027-03-04T23:00:00.000Z' } }] }] })
    expect(readFilters(where, 'Europe/Paris').from).toBe('2027-03-05')
  })
})

describe('the date pickers in the event zone', () => {
  it('show the event’s wall clock in the runtime zone and read typed wall clock back in the event zone', () => {
    const shown = toPickerDate('2027-03-05T18:00:00.000Z', 'Europe/Paris')!
    const local = new Date(shown)
    expect([local.getHours(), local.getMinutes(), local.getDate()]).toEqual([19, 0, 5])
    expect(fromPickerDate(local, 'Europe/Paris', false, 'start')).toBe('2027-03-05T18:00:00.000Z')
    expect(fromPickerDate(local, 'Asia/Tokyo', false, 'start')).toBe('2027-03-05T10:00:00.000Z')
  })

  it('make an all-day day (12:00 UTC from the day picker) 00:00:00 or 23:59:59 in the event zone', () => {
    const picked = new Date('2027-03-01T12:00:00.000Z')
    expect(fromPickerDate(picked, 'Europe/Paris', true, 'start')).toBe('2027-02-28T23:00:00.000Z')
    expect(fromPickerDate(picked, 'Europe/Paris', true, 'end')).toBe('2027-03-01T22:59:59.000Z')
  })
})
