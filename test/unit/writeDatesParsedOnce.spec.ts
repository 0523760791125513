import { describe, expect, it, jest } from '@jest/globals'

// Issue 29 point 2: an event write parses each date it is given once. parseTime is wrapped so every
// reading of a date string, in validation or in building the write, is counted.
const actual = await import('../../endpoints/dates/parseTime.js')
const parsed: unknown[] = []
jest.unstable_mockModule('../../endpoints/dates/parseTime.js', () => ({
  parseTime: (...args: Parameters<typeof actual.parseTime>) => {
    parsed.push(args[0])
    return actual.parseTime(...args)
  },
}))
const { parseParams } = await import('../../endpoints/params/parseParams.js')
const { eventWriteArgs } = await import('../../endpoints/events/params/eventWriteArgs.js')
const { sentArgs } = await import('../../endpoints/events/params/sentArgs.js')
const { eventData } = await import('../../endpoints/events/write/eventData.js')
const { sameRequestDates } = await import('../../endpoints/dates/parseTimeOnce.js')
const { makeContext } = await import('./fixtures/context.js')

/** How many times each string was parsed. */
function counts(): Record<string, number> {
  const byValue: Record<string, number> = {}
  for (const value of parsed) byValue[String(value)] = (byValue[String(value)] ?? 0) + 1
  return byValue
}

describe('an event write', () => {
  it('parses start_date, end_date and date_utc once each, from validation to the stored data', async () => {
    parsed.length = 0
    const { ctx } = makeContext()
    const body = { title: 'Concert', start_date: '2026-12-24 19:00', end_date: 'December 24, 2026 10:30 pm', date_utc: '2026-11-01 08:00:00' }
    const { params, input } = await parseParams(eventWriteArgs({ create: true }), { path: {}, query: {}, body }, ctx)
    // The write runs on a context derived from the request's, as saveEvent makes it.
    const write = sameRequestDates(ctx, { ...ctx })
    const data = await eventData(write, params, sentArgs(params, input), {})

    expect(data).toMatchObject({
      startDate: '2026-12-25T00:00:00.000Z',
      endDate: '2026-12-25T03:30:00.000Z',
      publishedAt: '2026-11-01T08:00:00.000Z',
    })
    expect(parsed.length).toBeGreaterThan(0)
    expect(counts()).toEqual({ [body.start_date]: 1, [body.end_date]: 1, [body.date_utc]: 1 })
  })

  it('keeps what it parsed to its request: a second request parses again', async () => {
    parsed.length = 0
    const first = makeContext().ctx
    const second = makeContext().ctx
    for (const ctx of [first, second]) {
      await parseParams(eventWriteArgs({ create: false }), { path: {}, query: {}, body: { start_date: 'tomorrow 9am' } }, ctx)
    }
    expect(counts()).toEqual({ 'tomorrow 9am': 2 })
  })
})
