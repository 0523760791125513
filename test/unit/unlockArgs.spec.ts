import { describe, expect, it } from '@jest/globals'
import { contextArg, hiddenPasswordArg, passwordArg } from '../../endpoints/events/params/unlockArgs.js'
import { routeEntry } from '../../endpoints/openapi/routeEntry.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import type { RouteDef } from '../../endpoints/types.js'
import { makeContext } from './fixtures/context.js'

const { ctx } = makeContext()
const unlock = { password: hiddenPasswordArg, context: contextArg }

describe('password and context', () => {
  it('are read from the query or the body (the body wins), typed', async () => {
    const fromQuery = await parseParams(unlock, { path: {}, query: { password: 'secret', context: 'edit' }, body: {} }, ctx)
    expect(fromQuery.params).toEqual({ password: 'secret', context: 'edit' })
    const fromBody = await parseParams(unlock, { path: {}, query: { password: 'a' }, body: { password: 'b' } }, ctx)
    expect(fromBody.params.password).toBe('b')
  })

  it('where the reference does not declare them, are never refused: what cannot unlock is dropped', async () => {
    const odd = { password: ['a'], context: 'edit\u0000' }
    const { params, input } = await parseParams(unlock, { path: {}, query: odd, body: {} }, ctx)
    expect(params).toEqual({ password: undefined, context: undefined })
    expect([...input.given]).toEqual(['password', 'context'])
    expect((await parseParams(unlock, { path: {}, query: { context: 'view' }, body: {} }, ctx)).params.context).toBeUndefined()
  })

  it('declared (single event), password is validated as a string, and only a string sent as one unlocks', async () => {
    const declared = { password: passwordArg('The event password') }
    await expect(parseParams(declared, { path: {}, query: { password: ['a'] }, body: {} }, ctx)).rejects.toBeInstanceOf(RestError)
    expect((await parseParams(declared, { path: {}, query: {}, body: { password: 123 } }, ctx)).params.password).toBeUndefined()
    expect((await parseParams(declared, { path: {}, query: { password: 'x' }, body: {} }, ctx)).params.password).toBe('x')
  })

  it('hidden ones are not in the route index', () => {
    const route: RouteDef = {
      pattern: '/things',
      endpoints: [{ methods: ['GET'], params: { ...unlock, shown: { type: 'string' } }, handler: () => ({ body: null }) }],
    }
    const entry = routeEntry(route, ctx) as { endpoints: Array<{ args: Record<string, unknown> }> }
    expect(Object.keys(entry.endpoints[0]!.args)).toEqual(['shown'])
  })
})
