import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { toSlug } from '../../collections/hooks/toSlug.js'
import { ParamError } from '../../endpoints/errors/ParamError.js'
import { costArg } from '../../endpoints/events/params/costArg.js'
import { parseCost } from '../../endpoints/events/write/parseCost.js'
import { serializeCost } from '../../endpoints/events/serialize/serializeCost.js'
import { makeContext } from './fixtures/context.js'
import { eventDoc } from './fixtures/docs.js'

const { ctx } = makeContext()

describe('parseCost (what an event stores for a cost sent to the namespace)', () => {
  it.each([
    [['20$'], { cost: '20', currencySymbol: '$', currencyPosition: 'postfix' }],
    [['€12'], { cost: '12', currencySymbol: '€', currencyPosition: 'prefix' }],
    [['EUR 5 - 10'], { cost: '5 - 10', currencySymbol: 'EUR', currencyPosition: 'prefix' }],
    [['0$', '20$', '30$'], { cost: '0, 20, 30', currencySymbol: '$', currencyPosition: 'postfix' }],
    [[15, '25.50'], { cost: '15, 25.50', currencySymbol: '', currencyPosition: null }],
    [['Free'], { cost: 'Free', currencySymbol: '', currencyPosition: null }],
    [['Donations welcome from 5'], { cost: 'Donations welcome from 5', currencySymbol: '', currencyPosition: null }],
    [['between 5 and 10 at the door'], { cost: 'between 5 and 10 at the door', currencySymbol: '', currencyPosition: null }],
    [['$10 - $20'], { cost: '10 - 20', currencySymbol: '$', currencyPosition: 'prefix' }],
    [['', '  '], { cost: '', currencySymbol: '', currencyPosition: null }],
    [[], { cost: '', currencySymbol: '', currencyPosition: null }],
  ])('%j → %j', (items, expected) => {
    expect(parseCost(items)).toEqual(expected)
  })

  it('reads back as the reference shows it: ["0$", "20$", "30$"] is "Free – 30$"', () => {
    const stored = parseCost(['0$', '20$', '30$'])
    const wire = serializeCost(eventDoc({ cost: stored.cost, currencySymbol: stored.currencySymbol, currencyPosition: stored.currencyPosition }), ctx.options)
    expect(wire).toEqual({ cost: 'Free – 30$', cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['0', '20', '30'] } })
  })

  it('any amounts with a short symbol round-trip: stored, then read back, give the amounts and the symbol', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('$', '€', '£', 'CHF', 'kr'),
        fc.boolean(),
        (amounts, symbol, before) => {
          const stored = parseCost(amounts.map((n) => (before ? `${symbol}${n}` : `${n}${symbol}`)))
          expect(stored).toMatchObject({ currencySymbol: symbol, currencyPosition: before ? 'prefix' : 'postfix' })
          const wire = serializeCost(eventDoc({ cost: stored.cost, currencySymbol: stored.currencySymbol, currencyPosition: stored.currencyPosition }), ctx.options)
          expect(wire.cost_details.values.map(Number)).toEqual([...new Set(amounts)].sort((a, b) => a - b))
        },
      ),
    )
  })
})

describe('costArg (the cost parameter of event writes)', () => {
  const spec = costArg('Cost')
  const parse = (raw: unknown) => {
    try {
      return spec.parse!(raw, ctx, 'cost')
    } catch (error) {
      if (error instanceof ParamError) return error
      throw error
    }
  }

  it('is declared without a type, with its description', () => {
    expect(spec).toEqual({ description: 'Cost', parse: expect.any(Function) })
  })

  it('null is not sent; a lone 0 clears the cost as "" and [] do; a string or a list is parsed', () => {
    expect(parse(null)).toBeNull()
    for (const clear of [0, '0', '', []]) expect([clear, parse(clear)]).toEqual([clear, { cost: '', currencySymbol: '', currencyPosition: null }])
    expect(parse(['0'])).toEqual({ cost: '0', currencySymbol: '', currencyPosition: null })
    expect(parse('20$')).toEqual({ cost: '20', currencySymbol: '$', currencyPosition: 'postfix' })
    expect(parse(['5', 10])).toEqual({ cost: '5, 10', currencySymbol: '', currencyPosition: null })
  })

  it('refuses objects, booleans, NUL, overlong items and too many items', () => {
    for (const bad of [{ a: 1 }, true, [true], 'a\u0000b', 'x'.repeat(201), Array(51).fill('1'), [Number.POSITIVE_INFINITY]]) {
      expect(parse(bad)).toEqual(expect.objectContaining({ message: 'Invalid parameter.' }))
    }
  })
})

describe('toSlug', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Ça coûte 5€ — été', 'ca-coute-5-ete'],
    ['Straße & Söhne', 'strasse-sohne'],
    ['  --Already-a-slug--  ', 'already-a-slug'],
    ['日本', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toSlug(input)).toBe(expected)
  })

  it('is always URL-safe: lowercase letters, digits and single inner dashes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const slug = toSlug(text)
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/)
        expect(encodeURIComponent(slug)).toBe(slug)
      }),
    )
  })

  it('is idempotent, and keeps lowercase ASCII words as they are', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), (text) => {
        expect(toSlug(toSlug(text))).toBe(toSlug(text))
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 6 }), (words) => {
        expect(toSlug(words.join(' '))).toBe(words.join('-'))
      }),
    )
  })
})
