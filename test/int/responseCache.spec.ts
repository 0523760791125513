import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('response cache and HTTP caching headers', () => {
  it('stores anonymous answers, replays them, and revalidates with a strong ETag', async () => {
    const first = await fetch(`${app.api}/?probe=1`)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[^"]+"$/)
    const body = await first.text()

    const second = await fetch(`${app.api}/?probe=1`)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('etag')).toBe(etag)
    expect(second.headers.get('allow')).toBe('GET')
    expect(await second.text()).toBe(body)

    const revalidated = await fetch(`${app.api}/?probe=1`, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
  })

  it('empties on any write to a calendar collection', async () => {
    await fetch(`${app.api}/?probe=2`)
    expect((await fetch(`${app.api}/?probe=2`)).headers.get('x-cache')).toBe('HIT')
    const venue = await app.payload.create({ collection: 'venues', data: { title: 'Cache buster' } })
    expect((await fetch(`${app.api}/?probe=2`)).headers.get('x-cache')).toBe('MISS')
    expect((await fetch(`${app.api}/?probe=2`)).headers.get('x-cache')).toBe('HIT')
    await app.payload.delete({ collection: 'venues', id: venue.id })
    expect((await fetch(`${app.api}/?probe=2`)).headers.get('x-cache')).toBe('MISS')
  })

  it('never stores or replays answers for callers with credentials', async () => {
    await fetch(`${app.api}/?probe=3`)
    const res = await fetch(`${app.api}/?probe=3`, { headers: { cookie: 'payload-token=whatever' } })
    expect(res.headers.get('x-cache')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private')
    expect(res.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT')
    expect(res.headers.get('etag')).toMatch(/^"/)
  })

  it('does not cache errors', async () => {
    await fetch(`${app.api}/nope`)
    const again = await fetch(`${app.api}/nope`)
    expect(again.status).toBe(404)
    expect(again.headers.get('x-cache')).toBeNull()
  })
})
