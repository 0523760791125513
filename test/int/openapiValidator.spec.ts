import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors } from '../helpers/actors.js'
import { ANSWER_STATUSES, everyAnswerKind, type AnswerKind } from '../helpers/everyAnswerKind.js'
import { apiClient, type ApiResponse } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { openApiStats } from '../helpers/openapiValidator.js'

let app: TestApp
let answers: Record<AnswerKind, ApiResponse>
let proxy: Server
let proxyOrigin: string

beforeAll(async () => {
  app = await initTestApp()
  const actors = await createActors(app, 'validator')
  answers = await everyAnswerKind(app, apiClient(app.api), actors.administrator!, actors.subscriber!)
  // A proxy in front of the app that spoils some answers: single events get a numeric year, one by-slug read an undocumented 418.
  proxy = createServer(async (req, res) => {
    const upstream = await fetch(`${app.origin}${req.url}`)
    let text = await upstream.text()
    let status = upstream.status
    if (/\/events\/\d+$/.test(req.url ?? '')) {
      const event = JSON.parse(text)
      event.start_date_details.year = Number(event.start_date_details.year)
      text = JSON.stringify(event)
    }
    if (req.url?.endsWith('/by-slug/nothing-here')) status = 418
    res.writeHead(status, { 'content-type': 'application/json' }).end(text)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

afterAll(async () => {
  proxy?.closeAllConnections()
  await new Promise((resolve) => proxy?.close(resolve))
  await app?.close()
})

describe('the /doc validator of the test HTTP helper', () => {
  it('checked every kind of answer against /doc: lists, single reads, writes and errors', () => {
    const statuses = Object.fromEntries(Object.entries(answers).map(([kind, res]) => [kind, res.status]))
    expect(statuses).toEqual(ANSWER_STATUSES)
    // One answer per kind at least; the operations and statuses they came from.
    expect(openApiStats.validated).toBeGreaterThanOrEqual(Object.keys(ANSWER_STATUSES).length)
    const operations = [...openApiStats.byOperation.keys()]
    expect(operations.length).toBeGreaterThan(20)
    expect(operations).toEqual(
      expect.arrayContaining(['GET /events 200', 'GET /events/{id} 200', 'POST /events 201', 'DELETE /events/{id} 410', 'GET (no documented operation) 404', 'GET /categories/{id} 200']),
    )
    // The shapes /doc used to get wrong are among them.
    const list = answers.eventList.body as { events: Array<Record<string, unknown>> }
    const venues = list.events.map((e) => (Array.isArray(e.venue) ? e.venue.length : 'object'))
    expect(venues).toEqual(expect.arrayContaining([0, 2, 'object']))
    expect(list.events.some((e) => e.image === false)).toBe(true)
  })

  it('fails on an answer that contradicts /doc, naming the JSON pointer and the value', async () => {
    const spoiled = apiClient(`${proxyOrigin}/wp-json/calendar/events/v1`)
    const id = (answers.event.body as { id: number }).id
    await expect(spoiled.get(`/events/${id}`)).rejects.toThrow(/\/start_date_details\/year must be string \(value: 2027;/)
    await expect(spoiled.get('/events/by-slug/nothing-here')).rejects.toThrow(/answered 418.*status 418 is not documented/s)
    // The same routes through the proxy, untouched, pass.
    expect((await spoiled.get('/events?start_date=2027-01-01')).status).toBe(200)
  })
})
