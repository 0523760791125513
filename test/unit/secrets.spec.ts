import { describe, expect, it } from '@jest/globals'
import { hashSecret, verifySecret } from '../../collections/secrets.js'
import { toSlug } from '../../collections/hooks/toSlug.js'

describe('hashSecret / verifySecret', () => {
  it('verifies the right secret and rejects others', async () => {
    const stored = await hashSecret('sesame')
    expect(stored).not.toContain('sesame')
    expect(await verifySecret('sesame', stored)).toBe(true)
    expect(await verifySecret('Sesame', stored)).toBe(false)
    expect(await verifySecret('sesame', null)).toBe(false)
    expect(await verifySecret('sesame', 'sesame')).toBe(false)
  })

  it('rejects every password against a truncated or empty stored hash', async () => {
    const [prefix, salt] = (await hashSecret('sesame')).split('$')
    expect(await verifySecret('anything', `${prefix}$${salt}$`)).toBe(false)
    expect(await verifySecret('anything', `${prefix}$${salt}$00ff`)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashSecret('x')).not.toBe(await hashSecret('x'))
  })
})

describe('toSlug', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Über  Café -- Night! ', 'uber-cafe-night'],
    ['2027: Jazz/Blues', '2027-jazz-blues'],
    ['Rock & Roll', 'rock-roll'],
  ])('%s → %s', (input, expected) => {
    expect(toSlug(input)).toBe(expected)
  })
})
