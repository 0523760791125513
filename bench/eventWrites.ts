import type autocannon from 'autocannon'
import { wallClock } from './filteredRoutes.js'

export interface WriteTarget {
  /** The namespace's /events URL. */
  url: string
  /** An editor's Authorization header (an application password). */
  authorization: string
  /** When the written events start; each lasts an hour. */
  start: Date
}

/**
 * The body of one editor's create, as an editor's form sends it: a new title every call (so every
 * request creates its own event with its own slug), an inline venue and organizer, a category and tags
 * by name. Those come from a set of ten that repeats, so after the first round they are found, not
 * created (find-or-create); ten, not one, because editors writing at once rarely all link the same
 * venue.
 */
export function eventBody(target: WriteTarget, n: number): string {
  const k = n % 10
  return JSON.stringify({
    title: `Bench write ${process.pid}-${n}`,
    status: 'publish',
    start_date: wallClock(target.start),
    end_date: wallClock(new Date(target.start.getTime() + 3_600_000)),
    description: `<p>Written by the benchmark, number ${n}.</p>`,
    venue: { venue: `Bench Hall ${k}`, address: `${k} Load Street`, city: 'Paris', country: 'France' },
    organizer: { organizer: `Bench Organizer ${k}`, email: `bench-organizer-${k}@example.org` },
    categories: [`Category ${k + 1}`],
    tags: [`Bench Tag ${k}`, `Tag ${k + 1}`],
  })
}

const headers = (target: WriteTarget) => ({ 'content-type': 'application/json', authorization: target.authorization })

let written = 0

/** autocannon options for POST /events with a fresh body per request (setupRequest). */
export function eventWriteLoad(target: WriteTarget): Partial<autocannon.Options> {
  return {
    method: 'POST',
    headers: headers(target),
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: eventBody(target, ++written) }) }],
  }
}

/** One write outside autocannon (the soak's), resolving to its HTTP status. */
export async function writeEvent(target: WriteTarget): Promise<number> {
  const res = await fetch(target.url, { method: 'POST', headers: headers(target), body: eventBody(target, ++written) })
  await res.arrayBuffer()
  return res.status
}
