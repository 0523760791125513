import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { ParamError } from '../../endpoints/errors/ParamError.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { existingIdArg, existingIdListArg } from '../../endpoints/params/existingIds.js'
import { isTruthy } from '../../endpoints/params/isTruthy.js'
import {
  booleanArg,
  idListArg,
  integerArg,
  isHttpUrl,
  MAX_ID,
  numberArg,
  positiveIntArg,
  stringArg,
  timeArg,
  toBoolean,
  toId,
  toInteger,
  toList,
  urlArg,
} from '../../endpoints/params/kinds.js'
import { pageArgs } from '../../endpoints/params/pageArgs.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import { LISTABLE_STATUSES, statusArg, statusesFor } from '../../endpoints/params/statusArg.js'
import type { ParamSpec } from '../../endpoints/types.js'
import { makeContext } from './fixtures/context.js'
import { userWithRole } from './fixtures/users.js'

const { ctx } = makeContext()

/** A kind's parse of one raw value: the converted value, or the ParamError it raised. */
async function parse(spec: ParamSpec, raw: unknown, context = ctx): Promise<unknown> {
  try {
    return await spec.parse!(raw, context, 'p')
  } catch (error) {
    if (error instanceof ParamError) return error
    throw error
  }
}

const invalid = expect.objectContaining({ message: 'Invalid parameter.' })
const notOfType = (type: string) =>
  expect.objectContaining({ message: `p is not of type ${type}.`, detail: { code: 'rest_invalid_type', message: `p is not of type ${type}.`, data: { param: 'p' } } })

describe('value readers', () => {
  it.each([
    [5, 5], ['5', 5], [' 42 ', 42], ['+3', 3], ['-3', -3], ['007', 7],
    [1.5, null], ['1.5', null], ['abc', null], ['', null], [null, null], [true, null], ['1234567890123456', null], [Number.MAX_SAFE_INTEGER + 2, null],
  ])('toInteger(%p) is %p', (raw, expected) => {
    expect(toInteger(raw)).toBe(expected)
  })

  it('toId refuses one beyond the largest PostgreSQL integer', () => {
    expect(toId(MAX_ID)).toBe(MAX_ID)
    expect(toId(String(MAX_ID + 1))).toBeNull()
    expect(toId('x')).toBeNull()
  })

  it.each([
    [true, true], [false, false], [1, true], [0, false], ['true', true], ['TRUE', true], ['1', true], [' false ', false], ['0', false], ['', false],
    ['yes', null], [2, null], [null, null], [[], null],
  ])('toBoolean(%p) is %p', (raw, expected) => {
    expect(toBoolean(raw)).toBe(expected)
  })

  it.each([
    ['1, 2,,3', ['1', '2', '3']], [[' a ', '', 'b'], ['a', 'b']], [7, [7]], ['', []], [null, null], [{ a: 1 }, null],
  ])('toList(%p) is %p', (raw, expected) => {
    expect(toList(raw)).toEqual(expected)
  })

  it('toList keeps every non-empty CSV item, trimmed', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 20 }), (items) => {
        expect(toList(items.map((i) => ` ${i} `).join(','))).toEqual(items)
      }),
    )
  })

  it.each([
    ['https://example.org/a', true], ['http://x.y', true], ['ftp://example.org', false], ['javascript:alert(1)', false],
    ['not a url', false], ['https://', false], [`https://example.org/${'a'.repeat(2048)}`, false], ['https://exa\u0000mple.org', false],
  ])('isHttpUrl(%p) is %p', (raw, expected) => {
    expect(isHttpUrl(raw)).toBe(expected)
  })

  it.each([
    [true, true], [1, true], [0, false], ['1', true], ['yes', true], ['Y', true], ['on', true], ['true', true], ['2.5', true],
    ['0', false], ['0.0', false], ['false', false], ['no', false], ['', false], [null, false], [['1'], false],
  ])('isTruthy(%p) is %p (tribe_is_truthy)', (raw, expected) => {
    expect(isTruthy(raw)).toBe(expected)
  })
})

describe('parameter kinds', () => {
  it('integerArg converts digit strings, refuses others and values under its minimum', async () => {
    const spec = integerArg({ min: 0, description: 'n', default: 3 })
    expect(spec).toMatchObject({ type: 'integer', description: 'n', default: 3 })
    expect(spec.required).toBeUndefined()
    expect(await parse(spec, '12')).toBe(12)
    expect(await parse(spec, 0)).toBe(0)
    expect(await parse(spec, -1)).toEqual(invalid)
    expect(await parse(spec, 'x')).toEqual(invalid)
    expect(await parse(integerArg(), -1)).toBe(-1)
  })

  it('positiveIntArg is WordPress is_positive_int: 0, -1, "foo" and 1.5 fail', async () => {
    const spec = positiveIntArg({ required: true })
    expect(spec).toMatchObject({ type: 'integer', required: true })
    for (const bad of [0, -1, 'foo', 1.5, '1.5', '']) expect([bad, await parse(spec, bad)]).toEqual([bad, invalid])
    expect(await parse(spec, '1')).toBe(1)
  })

  it('numberArg reads finite numbers (format double)', async () => {
    const spec = numberArg()
    expect(spec).toMatchObject({ type: 'number', format: 'double' })
    expect(await parse(spec, '40.7128')).toBe(40.7128)
    expect(await parse(spec, -74)).toBe(-74)
    for (const bad of ['', ' ', 'north', 'Infinity', Number.NaN, null, [1]]) expect([bad, await parse(spec, bad)]).toEqual([bad, invalid])
  })

  it('booleanArg fails what WordPress would not read as a boolean with its type message', async () => {
    const spec = booleanArg({ description: 'flag' })
    expect(spec).toMatchObject({ type: 'boolean', description: 'flag' })
    expect(await parse(spec, 'true')).toBe(true)
    expect(await parse(spec, '')).toBe(false)
    expect(await parse(spec, 'yes')).toEqual(notOfType('boolean'))
  })

  it('stringArg: non-strings fail the type check, empty ones fail unless allowed, numbers become strings', async () => {
    const spec = stringArg()
    expect(spec.type).toBe('string')
    expect(await parse(spec, 'jazz')).toBe('jazz')
    expect(await parse(spec, 12)).toBe('12')
    expect(await parse(spec, true)).toEqual(notOfType('string'))
    expect(await parse(spec, ['a'])).toEqual(notOfType('string'))
    expect(await parse(spec, '  ')).toEqual(invalid)
    expect(await parse(spec, 'a\u0000b')).toEqual(invalid)
    expect(await parse(stringArg({ allowEmpty: true }), '')).toBe('')
    expect(await parse(stringArg({ maxLength: 3 }), 'abcd')).toEqual(invalid)
    expect(await parse(stringArg({ maxLength: 3 }), 'abc')).toBe('abc')
    expect(await parse(spec, 'x'.repeat(10_001))).toEqual(invalid)
    expect(stringArg({ untyped: true }).type).toBeUndefined()
  })

  it('timeArg accepts what strtotime reads and keeps it raw; anything else is an invalid date', async () => {
    const spec = timeArg()
    expect(spec.type).toBeUndefined()
    expect(timeArg({ typed: true }).type).toBe('string')
    for (const good of ['2027-03-01', '+1 month', 'tomorrow', 1798761600, '2027-03-01 20:00:00']) expect(await parse(spec, good)).toBe(good)
    for (const bad of ['not a date', '', true, null, ['2027-03-01']]) {
      const error = await parse(spec, bad)
      expect([bad, error instanceof ParamError]).toEqual([bad, true])
      expect((error as ParamError).message).not.toBe('Invalid parameter.')
    }
  })

  it('urlArg takes http(s) URLs, trimmed; empty only when allowed', async () => {
    expect(await parse(urlArg(), ' https://example.org/x ')).toBe('https://example.org/x')
    expect(await parse(urlArg(), 'not a url')).toEqual(invalid)
    expect(await parse(urlArg(), '')).toEqual(invalid)
    expect(await parse(urlArg({ allowEmpty: true }), ' ')).toBe('')
    expect(await parse(urlArg(), 5)).toEqual(notOfType('string'))
    expect(urlArg().type).toBeUndefined()
    expect(urlArg({ typed: true }).type).toBe('string')
  })

  it('idListArg takes a CSV or a list of positive IDs, without repeats', async () => {
    const spec = idListArg()
    expect(spec.items).toEqual({ type: 'integer' })
    expect(await parse(spec, '3,1,3')).toEqual([3, 1])
    expect(await parse(spec, [2, '4'])).toEqual([2, 4])
    expect(await parse(spec, '1,0')).toEqual(invalid)
    expect(await parse(spec, '1,x')).toEqual(invalid)
    expect(await parse(spec, { a: 1 })).toEqual(invalid)
    expect(await parse(spec, Array.from({ length: 501 }, (_, i) => i + 1))).toEqual(invalid)
  })

  it('idListArg parses any list of positive IDs to the same IDs, first occurrence kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: MAX_ID }), { minLength: 1, maxLength: 50 }), async (ids) => {
        expect(await parse(idListArg(), ids.join(','))).toEqual([...new Set(ids)])
      }),
    )
  })

  it('existingIdArg asks for the ID among what the caller may see, and fails when it is not found', async () => {
    const { ctx: seen, finds } = makeContext({ answer: (call) => ((call.where as { id: { in: number[] } }).id.in.includes(9) ? [9] : []) })
    const spec = existingIdArg('venues', { description: 'v', required: true })
    expect(spec).toMatchObject({ type: 'integer', description: 'v', required: true })
    expect(await parse(spec, '9', seen)).toBe(9)
    expect(finds[0]).toMatchObject({ collection: 'venues', where: { id: { in: [9] } }, overrideAccess: false, user: null })
    expect(await parse(spec, 8, seen)).toEqual(invalid)
    const before = finds.length
    for (const bad of [0, 'x', String(MAX_ID + 1)]) expect(await parse(spec, bad, seen)).toEqual(invalid)
    expect(finds.length).toBe(before) // malformed IDs never reach the database
  })

  it('existingIdListArg fails the whole list for one unknown ID, in one query', async () => {
    const { ctx: seen, finds } = makeContext({ answer: () => [1, 2] })
    const spec = existingIdListArg('organizers')
    expect(await parse(spec, '1,2', seen)).toEqual([1, 2])
    expect(await parse(spec, '1,2,3', seen)).toEqual(invalid)
    expect(finds).toHaveLength(2)
    expect(finds.every((call) => call.collection === 'organizers')).toBe(true)
  })

  it('pageArgs: page defaults to 1, per_page to the string "10", and per_page is capped at maxPerPage', async () => {
    const { page, per_page } = pageArgs('How many')
    expect(page).toMatchObject({ type: 'integer', default: 1, description: 'The archive page to return' })
    expect(per_page).toMatchObject({ type: 'integer', default: '10', description: 'How many' })
    expect(await parse(per_page, '100')).toBe(50)
    expect(await parse(per_page, '7')).toBe(7)
    expect(await parse(per_page, '100', makeContext({ options: { maxPerPage: 60 } }).ctx)).toBe(60)
    expect(await parse(per_page, 0)).toEqual(invalid)
    expect(await parse(page, -1)).toEqual(invalid)
  })

  it('statusArg: callers who cannot write may ask for exactly publish; writers for any listable status', async () => {
    const spec = statusArg('Status')
    expect(spec).toMatchObject({ format: 'string', description: 'Status' })
    const anonymous = ctx
    const subscriber = makeContext({ user: userWithRole('subscriber') }).ctx
    const contributor = makeContext({ user: userWithRole('contributor') }).ctx
    expect(await parse(spec, 'publish', anonymous)).toEqual(['publish'])
    for (const context of [anonymous, subscriber]) {
      expect(await parse(spec, 'draft', context)).toEqual(invalid)
      expect(await parse(spec, 'publish,private', context)).toEqual(invalid)
    }
    expect(await parse(spec, ['draft', 'trash', 'draft'], contributor)).toEqual(['draft', 'trash'])
    expect(await parse(spec, LISTABLE_STATUSES.join(','), contributor)).toEqual([...LISTABLE_STATUSES])
    for (const bad of ['any', '', [1], 'auto-draft']) expect([bad, await parse(spec, bad, contributor)]).toEqual([bad, invalid])
  })

  it('statusesFor: published posts for readers, every untrashed status for writers', () => {
    expect(statusesFor(ctx)).toEqual(['publish'])
    expect(statusesFor(makeContext({ user: userWithRole('subscriber') }).ctx)).toEqual(['publish'])
    expect(statusesFor(makeContext({ user: userWithRole('author') }).ctx)).toEqual(['publish', 'future', 'draft', 'pending', 'private'])
  })
})

describe('parseParams', () => {
  const specs: Record<string, ParamSpec> = {
    id: positiveIntArg({ required: true }),
    title: stringArg({ required: true }),
    page: positiveIntArg({ default: 1 }),
    start: { ...stringArg(), default: () => 'computed' },
    flag: booleanArg(),
    free: {},
  }
  const sources = (body: Record<string, unknown>, query: Record<string, unknown> = {}, path: Record<string, string> = { id: '5' }) => ({ path, query, body })
  const failure = async (promise: Promise<unknown>): Promise<RestError> => {
    try {
      await promise
    } catch (error) {
      if (error instanceof RestError) return error
      throw error
    }
    throw new Error('expected a RestError')
  }

  it('merges path, query and body (the body wins), applies defaults and records what was sent', async () => {
    const { params, input } = await parseParams(specs, sources({ id: '7', title: 'T' }, { title: 'query', other: 'x' }), ctx)
    expect(params).toEqual({ id: 7, title: 'T', page: 1, start: 'computed' })
    expect([...input.given].sort()).toEqual(['id', 'title'])
    expect(input.raw).toEqual({ id: '7', title: 'T', other: 'x' })
  })

  it('keeps the raw value of a parameter declared without parse', async () => {
    const { params } = await parseParams(specs, sources({ title: 'T', free: { any: ['thing'] } }), ctx)
    expect(params.free).toEqual({ any: ['thing'] })
  })

  it('lists missing required parameters in declaration order: 400 rest_missing_callback_param', async () => {
    const error = await failure(parseParams(specs, sources({}, {}, {}), ctx))
    expect(error.toJSON()).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): id, title', data: { status: 400, params: ['id', 'title'] } })
  })

  it('reports every invalid parameter at once; details is [] when no kind gave one', async () => {
    const error = await failure(parseParams(specs, sources({ id: '0', title: '', page: 'x' }), ctx))
    expect(error.toJSON()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): id, title, page',
      data: { status: 400, params: { id: 'Invalid parameter.', title: 'Invalid parameter.', page: 'Invalid parameter.' }, details: [] },
    })
  })

  it('carries a kind’s detail into data.details', async () => {
    const error = await failure(parseParams(specs, sources({ title: 'T', flag: 'maybe' }), ctx))
    expect(error.toJSON().data).toEqual({
      status: 400,
      params: { flag: 'flag is not of type boolean.' },
      details: { flag: { code: 'rest_invalid_type', message: 'flag is not of type boolean.', data: { param: 'flag' } } },
    })
  })

  it('refuses a NUL character anywhere in any value, nested ones included', async () => {
    const error = await failure(parseParams(specs, sources({ title: 'T', free: { list: ['ok', 'b\u0000d'] } }), ctx))
    expect(error.toJSON().data).toMatchObject({ params: { free: 'Invalid parameter.' } })
    const inKey = await failure(parseParams(specs, sources({ title: 'T', free: { 'k\u0000': 1 } }), ctx))
    expect(inKey.code).toBe('rest_invalid_param')
  })

  it('lets an error that is not a parameter error through', async () => {
    const broken: Record<string, ParamSpec> = {
      x: {
        parse: () => {
          throw new TypeError('bug')
        },
      },
    }
    await expect(parseParams(broken, sources({ x: 1 }), ctx)).rejects.toThrow(TypeError)
  })
})
