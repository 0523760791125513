import { describe, expect, it } from '@jest/globals'
import { locatePost } from '../../endpoints/data/index.js'
import { makeContext } from './fixtures/context.js'

// locatePost answers a request's questions about one post from one query.

const byIdOrSlug = (call: { where?: unknown }) => {
  const where = call.where as { id?: { equals?: number }; slug?: { equals?: string } }
  return where.id?.equals === 12 || where.slug?.equals === 'jazz' ? [12] : []
}

describe('locatePost', () => {
  it('queries once per post and request, by ID or by slug', async () => {
    const { ctx, finds } = makeContext({ answer: byIdOrSlug })
    expect((await locatePost(ctx, 'venues', { slug: 'jazz' }))?.id).toBe(12)
    expect((await locatePost(ctx, 'venues', { id: 12 }))?.id).toBe(12)
    expect((await locatePost(ctx, 'venues', { id: 12 }))?.id).toBe(12)
    expect(finds).toHaveLength(1)
    // Past access control, trash included: the reference validates existence before visibility.
    expect(finds[0]).toMatchObject({ collection: 'venues', overrideAccess: true, trash: true, limit: 1 })
  })

  it('asks again for another request, another collection or another post', async () => {
    const first = makeContext({ answer: byIdOrSlug })
    const second = makeContext({ answer: byIdOrSlug })
    await locatePost(first.ctx, 'venues', { id: 12 })
    await locatePost(first.ctx, 'organizers', { id: 12 })
    expect(await locatePost(first.ctx, 'venues', { id: 13 })).toBeUndefined()
    await locatePost(second.ctx, 'venues', { id: 12 })
    expect([first.finds.length, second.finds.length]).toEqual([3, 1])
  })

  it('reads an event’s password flag and schedule with its owner and status', async () => {
    const { ctx, finds } = makeContext({ answer: byIdOrSlug })
    await locatePost(ctx, 'events', { id: 12 })
    expect(Object.keys(finds[0]!.select as object).sort()).toEqual(['allDay', 'author', 'deletedAt', 'endDate', 'hasPassword', 'slugGiven', 'startDate', 'status', 'timezone'])
  })

  it('does not query for an ID no post can have', async () => {
    const { ctx, finds } = makeContext()
    expect(await locatePost(ctx, 'events', { id: 0 })).toBeUndefined()
    expect(await locatePost(ctx, 'events', { id: Number.NaN })).toBeUndefined()
    expect(finds).toHaveLength(0)
  })

  it('asks the database again after a failed query', async () => {
    let fail = true
    const { ctx, finds } = makeContext({
      answer: (call) => {
        if (fail) throw new Error('database unavailable')
        return byIdOrSlug(call)
      },
    })
    await expect(locatePost(ctx, 'venues', { id: 12 })).rejects.toThrow('database unavailable')
    fail = false
    expect((await locatePost(ctx, 'venues', { id: 12 }))?.id).toBe(12)
    expect(finds).toHaveLength(2)
  })
})
