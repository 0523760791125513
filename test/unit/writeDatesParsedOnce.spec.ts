import { describe, expect, it, jest } from '@jest/globals'

// Issue 29 point 2: a request parses each date it is given once, whatever zones it reads it in.
// parseTime and readTime (the parse without a zone) are wrapped so every parse of a date string, in
// validation, in building the write or in building a list's query, is counted.
const actual = await import('../../endpoints/dates/parseTime.js')
const parsed: unknown[] = []
jest.unstable_mockModule('../../endpoints/dates/parseTime.js', () => ({
  ...actual,
  parseTime: (...args: Parameters<typeof actual.parseTime>) => {
    parsed.push(args[0])
    return actual.parseTime(...args)
  },
  readTime: (...args: Parameters<typeof actual.readTime>) => {
    parsed.push(args[0])
    return actual.readTime(...args)
  },
}))
const { parseParams } = await import('../../endpoints/params/parseParams.js')
const { eventWriteArgs } = await import('../../endpoints/events/params/eventWriteArgs.js')
const { sentArgs } = await import('../../endpoints/events/params/sentArgs.js')
const { eventData } = await import('../../endpoints/events/write/eventData.js')
const { sameRequestDates } = await import('../../endpoints/dates/parseTimeOnce.js')
const { eventArchiveParams } = await import('../../endpoints/events/params/eventArchiveParams.js')
const { buildEventsQuery } = await import('../../endpoints/events/query/buildEventsQuery.js')
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

  it('in a zone other than the site\'s parses start_date and end_date once each, read in both zones', async () => {
    parsed.length = 0
    const { ctx } = makeContext()
    expect(ctx.options.siteTimezone).not.toBe('Europe/Paris')
    const body = { title: 'Concert', timezone: 'Europe/Paris', start_date: '2026-12-24 19:00', end_date: 'December 24, 2026 10:30 pm' }
    const { params, input } = await parseParams(eventWriteArgs({ create: true }), { path: {}, query: {}, body }, ctx)
    const write = sameRequestDates(ctx, { ...ctx })
    const data = await eventData(write, params, sentArgs(params, input), {})

    // Read in the event's zone (Paris, UTC+1), not the site's where validation read them.
    expect(data).toMatchObject({ timezone: 'Europe/Paris', startDate: '2026-12-24T18:00:00.000Z', endDate: '2026-12-24T21:30:00.000Z' })
    expect(counts()).toEqual({ [body.start_date]: 1, [body.end_date]: 1 })
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

describe('an event list with strict_dates', () => {
  it('parses each date filter once: validated in the site zone, applied in UTC', async () => {
    parsed.length = 0
    const { ctx } = makeContext()
    const query = { start_date: '2026-11-22 12:00:00', end_date: 'December 24, 2026 10:30 pm', starts_after: '2026-11-01', strict_dates: 'true' }
    const { params, input } = await parseParams(eventArchiveParams, { path: {}, query, body: {} }, ctx)
    const built = buildEventsQuery(params, input, ctx, { canSearchProtected: false })

    expect(built.dates.start_date?.toUTC().toISO()).toBe('2026-11-22T12:00:00.000Z')
    expect(built.dates.end_date?.toUTC().toISO()).toBe('2026-12-24T22:30:00.000Z')
    expect(built.dates.starts_after?.toUTC().toISO()).toBe('2026-11-01T00:00:00.000Z')
    expect(counts()).toEqual({ [query.start_date]: 1, [query.end_date]: 1, [query.starts_after]: 1 })
  })
})
