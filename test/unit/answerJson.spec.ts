// endpoints/cache/answerJson.ts: an answer's JSON text is exactly JSON.stringify's, and a kept object's
// text is written once for every answer it is sent in.
import { describe, expect, it } from '@jest/globals'
import { answerJson, markKept } from '../../endpoints/cache/answerJson.js'

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** A kept event object that counts how often it is written (JSON.stringify calls toJSON each time). */
function keptEvent(id: number) {
  const written = { count: 0 }
  const event = deepFreeze({
    id,
    title: `Évènement "${id}" </script>\u2028`,
    venue: { id: 7, address: null, geo: [1.5, -2] },
    tags: [],
    toJSON() {
      written.count++
      return { id: this.id, title: this.title, venue: this.venue, tags: this.tags }
    },
  })
  // Kept with its text, written when kept (as keepSerialization writes it).
  markKept(event, JSON.stringify(event))
  return { event, written }
}

describe('answerJson', () => {
  it('writes what JSON.stringify writes, for bodies with and without kept objects', () => {
    const { event: a } = keptEvent(1)
    const { event: b } = keptEvent(2)
    const bodies: unknown[] = [
      { events: [a, { id: 3, fresh: true }, b, undefined, null, () => 1], rest_url: 'https://x/?a=1&b="2"', total: 3, total_pages: 1, skipped: undefined, fn: () => 2 },
      { 10: 'integer keys first', 'é"\\': [a], 2: [b], nested: { events: [a] }, date: new Date(0) },
      { events: [], total: 0 },
      a,
      [a, b],
      { error: 'rest_invalid_param', data: { status: 400 } },
      'text',
      null,
    ]
    let withKept = 0
    for (const body of bodies) {
      expect(answerJson(body)).toBe(JSON.stringify(body))
      if (JSON.stringify(body)?.includes('Évènement')) withKept++
    }
    expect(withKept).toBeGreaterThan(3)
  })

  it("writes a kept object's text once, however many answers it is in", () => {
    const { event, written } = keptEvent(4)
    for (let i = 0; i < 5; i++) answerJson({ events: [event], total: i })
    answerJson(event)
    expect(written.count).toBe(1)
    // An object that is not kept is written every time.
    const fresh = { toJSON: () => ({ n: written.count++ }) }
    answerJson({ events: [fresh] })
    answerJson({ events: [fresh] })
    expect(written.count).toBe(3)
  })

  it('uses the text it was kept with (keepSerialization writes it once, to count it against the cache)', () => {
    const event = deepFreeze({ id: 5, title: 'Kept' })
    // Not what JSON.stringify would write now: proves the given text is the one sent.
    const text = '{"id":5,"title":"Kept when written"}'
    markKept(event, text)
    expect(answerJson({ events: [event] })).toBe(`{"events":[${text}]}`)
    expect(answerJson(event)).toBe(text)
  })
})
