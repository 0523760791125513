import { describe, expect, it } from '@jest/globals'
import { postDates } from '../../endpoints/serialize/postDates.js'
import { hasPostName, wireSlug } from '../../endpoints/serialize/wireSlug.js'

// What a draft shows of its post name and GMT date (WordPress's wp_insert_post): nothing until
// given or published; given, what it was given.
const STAMPS = { createdAt: '2026-01-10T15:00:00.000Z', updatedAt: '2026-01-12T16:30:00.000Z' }
const ZERO = '0000-00-00 00:00:00'

describe('wireSlug', () => {
  it('names drafts and pending posts only when a slug was given, published and trashed ones always', () => {
    const cases = [
      [{ slug: 'a', status: 'draft' }, ''],
      [{ slug: 'a', status: 'pending', slugGiven: false }, ''],
      [{ slug: 'a', status: 'draft', slugGiven: true }, 'a'],
      [{ slug: 'a', status: 'publish' }, 'a'],
      [{ slug: 'a', status: 'private', slugGiven: false }, 'a'],
      [{ slug: 'a__trashed', status: 'draft', deletedAt: '2026-01-01' }, 'a__trashed'],
    ] as const
    for (const [post, expected] of cases) {
      expect({ post, slug: wireSlug(post) }).toEqual({ post, slug: expected })
      expect(hasPostName(post)).toBe(expected !== '')
    }
  })
})

describe('postDates', () => {
  it('gives a draft its GMT date only when one was given with a publication date', () => {
    const given = postDates({ status: 'draft', publishedAt: '2026-01-02T03:04:05.000Z', dateGiven: true, ...STAMPS }, 'America/New_York')
    expect(given).toMatchObject({ date: '2026-01-01 22:04:05', date_utc: '2026-01-02 03:04:05' })
    // A local date alone (dateGiven false) keeps floating in UTC.
    const local = postDates({ status: 'pending', publishedAt: '2026-01-02T03:04:05.000Z', dateGiven: false, ...STAMPS }, 'America/New_York')
    expect(local).toMatchObject({ date: '2026-01-01 22:04:05', date_utc: ZERO })
    // Given but undated (a contributor's): the last save, floating.
    const undated = postDates({ status: 'draft', publishedAt: null, dateGiven: true, ...STAMPS }, 'UTC')
    expect(undated).toMatchObject({ date: '2026-01-12 16:30:00', date_utc: ZERO })
  })

  it('reads a published post by its publication date, else its creation time', () => {
    expect(postDates({ status: 'publish', publishedAt: '2026-01-05T08:00:00.000Z', ...STAMPS }, 'UTC')).toMatchObject({ date_utc: '2026-01-05 08:00:00' })
    expect(postDates({ status: 'publish', publishedAt: null, ...STAMPS }, 'UTC')).toMatchObject({ date_utc: '2026-01-10 15:00:00' })
  })
})
