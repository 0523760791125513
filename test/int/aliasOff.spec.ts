import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp({ tribeAlias: false })
})
afterAll(async () => {
  await app?.close()
})

it('with the alias switched off, tribe/events/v1 is 404 rest_no_route and the primary namespace answers', async () => {
  const alias = await fetch(`${app.origin}/wp-json/tribe/events/v1/`)
  expect(alias.status).toBe(404)
  expect((await alias.json()).code).toBe('rest_no_route')
  expect((await fetch(`${app.api}/`)).status).toBe(200)
})
