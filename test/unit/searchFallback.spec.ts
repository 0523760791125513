import { describe, expect, it } from '@jest/globals'
import { findEventPage } from '../../endpoints/data/findEventPage.js'
import { buildEventsQuery } from '../../endpoints/events/query/buildEventsQuery.js'
import type { EventArchiveValues } from '../../endpoints/events/params/eventArchiveParams.js'
import { trigramExact, trigramMatch } from '../../lib/sql/trigramMatch.js'
import { makeContext } from './fixtures/context.js'

// A search on MongoDB: no index below the Local API, the archive's where (LIKE-like `contains`, an
// escaped regular expression there) read by Payload alone. On SQLite the trigram index's query.

const values = (search: string) => ({ page: 1, per_page: 10, search }) as EventArchiveValues

describe('search on MongoDB', () => {
  it('is the Local API find with the archive\'s where, each word a `contains` on the searched fields', async () => {
    const { ctx, finds } = makeContext({ answer: () => [7, 3] })
    Object.assign(ctx.payload, { db: { name: 'mongodb' } })
    const query = buildEventsQuery(values('jazz "night market"'), { given: new Set(['search']), raw: {} }, ctx, { canSearchProtected: false })
    expect(query.search).toEqual({ words: ['jazz', 'night market'], canSearchProtected: false, condition: (query.where as { and: unknown[] }).and[1] })
    const page = await findEventPage(ctx, query)
    expect(page.docs.map((doc) => doc.id)).toEqual([7, 3])
    expect(finds).toHaveLength(1)
    expect(finds[0]!.where).toBe(query.where)
    const words = JSON.stringify(finds[0]!.where)
    for (const word of ['jazz', 'night market']) expect(words).toContain(JSON.stringify({ title: { contains: word } }))
    expect(words).toContain(JSON.stringify({ hasPassword: { not_equals: true } }))
  })

  it('has no `search` words without a search', () => {
    const { ctx } = makeContext()
    const query = buildEventsQuery({ page: 1, per_page: 10 } as EventArchiveValues, { given: new Set(), raw: {} }, ctx, { canSearchProtected: false })
    expect(query.search).toBeUndefined()
  })
})

describe('trigramMatch (SQLite)', () => {
  it('ANDs each word as a quoted FTS5 string', () => {
    expect(trigramMatch(['jazz', 'night market'])).toBe('"jazz" AND "night market"')
    expect(trigramMatch(['say "hi"'])).toBe('"say ""hi"""')
    expect(trigramMatch(['Ärger', 'café'])).toBe('"Ärger" AND "café"')
  })

  it('splits at LIKE\'s wildcards and leaves runs under three characters to LIKE', () => {
    expect(trigramMatch(['jaz%ory'])).toBe('"jaz" AND "ory"')
    expect(trigramMatch(['cafe_bar', '100%'])).toBe('"cafe" AND "bar" AND "100"')
    expect(trigramMatch(['go', 'uk', '%', '_', 'ab%cd'])).toBeNull()
    expect(trigramMatch(['go', 'jazz'])).toBe('"jazz"')
    // Three characters, counted as characters, not UTF-16 units or bytes.
    expect(trigramMatch(['éé'])).toBeNull()
    expect(trigramMatch(['😀😀😀'])).toBe('"😀😀😀"')
  })

  it('answers alone only ASCII words of three characters or more, without wildcards, k or s (which two non-ASCII letters fold into)', () => {
    expect(['jazz', 'JAZZ', 'night hour', 'x"y', '100'].every(trigramExact)).toBe(true)
    expect(['go', 'café', 'Ärger', '100%', 'cafe_bar', 'market', 'Festival', 'caf\u00e9'].some(trigramExact)).toBe(false)
  })
})
