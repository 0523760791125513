import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { redactUrl } from '../../src/http/redactUrl.js'

/** `name` with each character either kept or percent-encoded, as a hostile client may send it. */
const encodedVariants = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((flags) => [...name].map((c, i) => (flags[i] ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c)).join(''))

describe('redactUrl', () => {
  it('masks secret query values however the name is encoded, and keeps the rest', () => {
    const secretName = fc.constantFrom('password', 'pwd', 'token', 'api_key', '_wpnonce').chain(encodedVariants)
    const value = fc.string({ minLength: 6, maxLength: 30 }).map((v) => `S3cr3t${v}`)
    const suffix = fc.constantFrom('', '[]', '%5B%5D', '[0]')
    fc.assert(
      fc.property(secretName, suffix, value, (name, brackets, secret) => {
        const encoded = encodeURIComponent(secret)
        const url = `/wp-json/calendar/events/v1/events/7?per_page=5&${name}${brackets}=${encoded}&search=jazz`
        const out = redactUrl(url)
        expect(out).not.toContain(encoded)
        expect(out).toBe(`/wp-json/calendar/events/v1/events/7?per_page=5&${name}${brackets}=[Redacted]&search=jazz`)
      }),
      { numRuns: 300 },
    )
  })

  it('leaves URLs without secrets alone', () => {
    for (const url of ['/wp-json/', '/a?b=1&c=2', '/a?passwordless=1', '/a?x=password']) expect(redactUrl(url)).toBe(url)
  })
})
