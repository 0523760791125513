// The occurrences of a series stored where no SQL is (MongoDB): the row insert and the ID block fall
// back to Payload's adapter calls (db.create per row, an $inc of the counter). An in-memory adapter
// plays MongoDB here, so the fallback is exercised without a server.
import { describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'
import { syncOccurrences } from '../../collections/hooks/syncOccurrences.js'
import { insertRows } from '../../lib/sql/insertRows.js'

type Row = Record<string, any>

function memoryDb() {
  const tables: Record<string, Row[]> = { occurrences: [], changes: [], 'kept-occurrence-ids': [], 'id-counters': [{ id: 'c1', sequence: 'occurrence', value: 0 }] }
  const calls: string[] = []
  const matches = (row: Row, where: any): boolean =>
    Object.entries(where ?? {}).every(([key, condition]: [string, any]) => {
      if (key === 'and') return condition.every((w: any) => matches(row, w))
      if ('equals' in condition) return row[key] === condition.equals
      if ('in' in condition) return condition.in.includes(row[key])
      throw new Error(`unsupported condition ${JSON.stringify(condition)}`)
    })
  const db = {
    name: 'mongodb',
    find: async ({ collection, where }: any) => {
      calls.push(`find:${collection}`)
      return { docs: tables[collection]!.filter((row) => matches(row, where)).map((row) => ({ ...row })) }
    },
    findOne: async ({ collection, where }: any) => {
      calls.push(`findOne:${collection}`)
      const row = (tables[collection] ?? []).find((r) => matches(r, where))
      return row ? { ...row } : null
    },
    create: async ({ collection, data }: any) => {
      calls.push(`create:${collection}`)
      ;(tables[collection] ??= []).push({ ...data })
      return data
    },
    updateOne: async ({ collection, id, where, data }: any) => {
      calls.push(`updateOne:${collection}`)
      const row = tables[collection]!.find((r) => (id !== undefined ? r.id === id : matches(r, where)))!
      for (const [key, value] of Object.entries(data)) row[key] = value && typeof value === 'object' && '$inc' in value ? row[key] + (value as any).$inc : value
      return { ...row }
    },
    deleteMany: async ({ collection, where }: any) => {
      calls.push(`deleteMany:${collection}`)
      tables[collection] = tables[collection]!.filter((row) => !matches(row, where))
    },
  }
  // reserveIds reads the counter through the Local API: here, the same table.
  return { db, tables, calls, req: { payload: { db, config: { custom: {} }, find: (args: any) => db.find(args) }, context: {} } as unknown as PayloadRequest }
}

const limits = { horizonMonths: 24, maxOccurrences: 1000, siteTimezone: 'UTC' }
const series = {
  id: 7,
  recurring: true,
  recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
  startDate: '2027-03-02T18:00:00.000Z',
  endDate: '2027-03-02T20:00:00.000Z',
  timezone: 'Europe/Paris',
  allDay: false,
}

describe('occurrences without SQL', () => {
  it('insertRows declines on MongoDB, so the caller creates through Payload', async () => {
    const { req } = memoryDb()
    expect(await insertRows(req, 'occurrences' as never, [{ id: 1 }])).toBe(false)
  })

  it('stores a series\' occurrences one create each, with IDs from one $inc of the counter, and keeps them on a rule change', async () => {
    const { tables, calls, req } = memoryDb()
    const now = new Date('2027-01-01T00:00:00Z')
    expect(await syncOccurrences(req, series, limits, now)).toEqual({ created: 4, removed: 0, updated: 0 })
    expect(tables.occurrences!.map((r) => r.id)).toEqual([1, 2, 3, 4])
    expect(calls.filter((c) => c === 'create:occurrences')).toHaveLength(4)
    expect(calls.filter((c) => c === 'updateOne:id-counters')).toHaveLength(1)
    expect(tables['id-counters']![0]!.value).toBe(4)
    // The change feed's rows for them go in through the adapter too (no SQL batch here).
    expect(tables.changes!.length).toBeGreaterThan(0)
    // 19:00 in Paris: 18:00Z until 28 March 2027, when summer time starts; 17:00Z after (the sixth, below).
    expect(tables.occurrences!.map((r) => r.startDate)).toEqual(['2027-03-02T18:00:00.000Z', '2027-03-09T18:00:00.000Z', '2027-03-16T18:00:00.000Z', '2027-03-23T18:00:00.000Z'])
    // Two more weeks: the four keep their IDs, two are added.
    expect(await syncOccurrences(req, { ...series, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'] }, limits, now)).toEqual({ created: 2, removed: 0, updated: 0 })
    expect(tables.occurrences!.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(tables.occurrences![5]!.startDate).toBe('2027-04-06T17:00:00.000Z')
    // Single again: every row goes.
    expect(await syncOccurrences(req, { ...series, recurring: false, recurrence: null }, limits, now)).toEqual({ created: 0, removed: 6, updated: 0 })
    expect(tables.occurrences).toEqual([])
  })

  it('gives an occurrence the ID kept for its original start (import:tec), the others the sequence\'s', async () => {
    const { tables, req } = memoryDb()
    tables['kept-occurrence-ids']!.push({ id: 'k1', event: 7, originalStart: '2027-03-16T18:00:00.000Z', occurrence: 500 })
    tables['kept-occurrence-ids']!.push({ id: 'k2', event: 8, originalStart: '2027-03-09T18:00:00.000Z', occurrence: 600 })
    tables['id-counters']![0]!.value = 600
    expect(await syncOccurrences(req, series, limits, new Date('2027-01-01T00:00:00Z'))).toMatchObject({ created: 4 })
    expect(tables.occurrences!.map((r) => r.id)).toEqual([601, 602, 500, 603])
  })
})
