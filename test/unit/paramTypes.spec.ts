import { describe, expect, it } from '@jest/globals'
import { defineEndpoint } from '../../endpoints/defineEndpoint.js'
import type { EventArchiveValues } from '../../endpoints/events/params/eventArchiveParams.js'
import type { EventWriteValues } from '../../endpoints/events/params/eventWriteArgs.js'
import type { LinkedRef } from '../../endpoints/events/params/linkedPostsArg.js'
import type { TermFilter } from '../../endpoints/events/params/termListArg.js'
import type { TermRef } from '../../endpoints/events/params/termRefsArg.js'
import type { StoredCost } from '../../endpoints/events/write/parseCost.js'
import { costArg } from '../../endpoints/events/params/costArg.js'
import { termRefsArg } from '../../endpoints/events/params/termRefsArg.js'
import { timezoneArg } from '../../endpoints/events/params/timezoneArg.js'
import { emailArg } from '../../endpoints/linked/params/emailArg.js'
import { truthyArg } from '../../endpoints/linked/params/truthyArg.js'
import { existingIdArg, existingIdListArg } from '../../endpoints/params/existingIds.js'
import type { ImageInput } from '../../endpoints/params/imageArg.js'
import { booleanArg, idListArg, integerArg, numberArg, positiveIntArg, stringArg, timeArg, urlArg } from '../../endpoints/params/kinds.js'
import { pageArgs } from '../../endpoints/params/pageArgs.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import { statusArg } from '../../endpoints/params/statusArg.js'
import { statusWriteArg } from '../../endpoints/params/statusWriteArg.js'
import type { TermArchiveValues } from '../../endpoints/terms/params/termArchiveParams.js'
import type { TermWriteValues } from '../../endpoints/terms/params/termWriteParams.js'
import type { Params, ValueOf } from '../../endpoints/types.js'
import { makeContext } from './fixtures/context.js'

// The types of parsed parameters, inferred from their declarations. The type-level half of this file
// is checked by `npm run typecheck` (jest strips types): every `@ts-expect-error` line must fail to
// compile, and every Same<…> must hold. The runtime half checks that parseParams hands over values of
// exactly those types, kind by kind.

/** Whether A and B are the same type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
/** Compiles only when `T` is true. */
const holds = <T extends true>(): T | undefined => undefined

// Each kind's value; optional unless required or defaulted (parseParams parses the default too).
holds<Same<ValueOf<ReturnType<typeof integerArg>>, number | undefined>>()
holds<Same<ValueOf<ReturnType<typeof integerArg<{ required: true }>>>, number>>()
holds<Same<ValueOf<ReturnType<typeof integerArg<{ required: boolean }>>>, number | undefined>>()
holds<Same<ValueOf<ReturnType<typeof positiveIntArg<{ default: 1 }>>>, number>>()
holds<Same<ValueOf<ReturnType<typeof numberArg>>, number | undefined>>()
holds<Same<ValueOf<ReturnType<typeof booleanArg<{ default: false }>>>, boolean>>()
holds<Same<ValueOf<ReturnType<typeof stringArg>>, string | undefined>>()
holds<Same<ValueOf<ReturnType<typeof timeArg>>, string | number | undefined>>()
holds<Same<ValueOf<ReturnType<typeof urlArg>>, string | undefined>>()
holds<Same<ValueOf<ReturnType<typeof idListArg>>, number[] | undefined>>()
holds<Same<ValueOf<ReturnType<typeof existingIdArg<{ required: true }>>>, number>>()
holds<Same<ValueOf<ReturnType<typeof existingIdListArg>>, number[] | undefined>>()
holds<Same<ValueOf<ReturnType<typeof truthyArg<{ default: false }>>>, boolean | null>>()
holds<Same<ValueOf<ReturnType<typeof statusArg>>, string[] | undefined>>()
holds<Same<ValueOf<ReturnType<typeof termRefsArg>>, TermRef[] | null>>()
holds<Same<ValueOf<ReturnType<typeof costArg>>, StoredCost | null | undefined>>()
holds<Same<ValueOf<{ default: 'view' }>, unknown>>()

// The routes' own declarations.
holds<Same<EventArchiveValues['per_page'], number>>()
holds<Same<EventArchiveValues['start_date'], string | number>>()
holds<Same<EventArchiveValues['venue'], number[] | undefined>>()
holds<Same<EventArchiveValues['categories'], TermFilter | undefined>>()
holds<Same<EventWriteValues['venue'], LinkedRef[] | null>>()
holds<Same<EventWriteValues['image'], ImageInput | undefined>>()
holds<Same<EventWriteValues['all_day'], boolean>>()
holds<Same<EventWriteValues['website'], string | null>>()
holds<Same<TermArchiveValues['orderby'], 'name' | 'id' | 'slug' | 'count' | 'description' | 'parent' | 'term_group' | 'include' | 'include_slugs' | undefined>>()
holds<Same<TermWriteValues['parent'], number | undefined>>()
// A value that may be absent is an optional key: parseParams sets only the values it has.
type OneOptional = Params<{ a: ReturnType<typeof stringArg> }>
holds<Same<OneOptional['a'], string | undefined>>()
holds<Record<string, never> extends OneOptional ? true : false>()

export const typedEndpoint = defineEndpoint({
  methods: ['GET'],
  params: { ...pageArgs('p'), search: stringArg({ maxLength: 200 }), id: integerArg({ required: true }) },
  permission: (_ctx, params) => {
    // @ts-expect-error a permission cannot read a parameter the endpoint does not declare
    return params.author === undefined
  },
  handler: (_ctx, params) => {
    // @ts-expect-error an undeclared (or renamed) parameter does not compile
    const renamed = params.perPage
    // @ts-expect-error a number is not a string
    const search: string = params.per_page
    // @ts-expect-error an optional value may be undefined
    const required: string = params.search
    const id: number = params.id
    return { body: [renamed, search, required, id] }
  },
})

/** A handler written apart is held to the declarations too: it may not expect more than they give. */
function readsMore(_ctx: unknown, params: { page: number; per_page: number; event: number }) {
  return { body: params }
}
// @ts-expect-error `event` is not declared, so this handler cannot serve these parameters
export const mismatched = defineEndpoint({ methods: ['GET'], params: pageArgs('p'), handler: readsMore })

describe('typed parameters', () => {
  it('parseParams hands over, for each kind, a value of the type its declaration infers', async () => {
    const { ctx } = makeContext({ answer: (call) => (call.collection === 'venues' ? [3, 4] : []) })
    const specs = {
      ...pageArgs('p'),
      integer: integerArg({ required: true }),
      positive: positiveIntArg(),
      number: numberArg(),
      boolean: booleanArg({ default: false }),
      string: stringArg(),
      time: timeArg(),
      url: urlArg(),
      ids: idListArg(),
      venue: existingIdArg('venues'),
      venues: existingIdListArg('venues'),
      flag: truthyArg({ default: false }),
      status: statusArg('s'),
      statusWrite: statusWriteArg('s'),
      zone: timezoneArg('z'),
      email: emailArg(),
      terms: termRefsArg('t'),
      cost: costArg('c'),
      absent: stringArg(),
    }
    const query = {
      integer: '-7', positive: '5', number: '1.5', string: 'jazz', time: '2027-03-01', url: ' https://example.org/x ', ids: '4,3,4',
      venue: '3', venues: ['3', '4'], flag: 'yes', status: 'publish', statusWrite: 'draft', zone: 'europe/paris', email: 'a@example.org',
      terms: '12,music', cost: '5$',
    }
    const { params } = await parseParams(specs, { path: {}, query, body: {} }, ctx)

    // Each assignment is checked by the compiler against the inferred type, each value here at run time.
    const page: number = params.page
    const perPage: number = params.per_page
    const integer: number = params.integer
    const flagDefault: boolean = params.boolean
    const flag: boolean | null = params.flag
    const terms: TermRef[] | null = params.terms
    expect([page, perPage, integer, flagDefault, flag]).toEqual([1, 10, -7, false, true])
    expect(params.positive).toBe(5)
    expect(params.number).toBe(1.5)
    expect(params.string).toBe('jazz')
    expect(params.time).toBe('2027-03-01')
    expect(params.url).toBe('https://example.org/x')
    expect(params.ids).toEqual([4, 3])
    expect(params.venue).toBe(3)
    expect(params.venues).toEqual([3, 4])
    expect(params.status).toEqual(['publish'])
    expect(params.statusWrite).toBe('draft')
    expect(params.zone).toBe('Europe/Paris')
    expect(params.email).toBe('a@example.org')
    expect(terms).toEqual([12, 'music'])
    expect(params.cost).toMatchObject({ currencySymbol: '$' })
    // Neither sent nor defaulted: the key is absent, as its optional type says.
    expect('absent' in params).toBe(false)
    // A declared default is parsed like a sent value: per_page's "10" arrives as the number 10.
    expect(typeof params.per_page).toBe('number')
  })

  it('a handler declared with defineEndpoint gets what parseParams gives for its declarations', async () => {
    const { ctx } = makeContext()
    const endpoint = defineEndpoint({
      methods: ['GET'],
      params: { ...pageArgs('p'), id: integerArg({ required: true }) },
      handler: (_ctx, params) => ({ body: { next: params.page + 1, id: params.id, perPage: params.per_page } }),
    })
    const { params, input } = await parseParams(endpoint.params, { path: { id: '12' }, query: { page: '2' }, body: {} }, ctx)
    expect(await endpoint.handler(ctx, params, input)).toEqual({ body: { next: 3, id: 12, perPage: 10 } })
  })
})
