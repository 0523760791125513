import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import openapiTS, { astToString } from 'openapi-typescript'
import { createActors } from '../helpers/actors.js'
import { everyAnswerKind, type AnswerKind } from '../helpers/everyAnswerKind.js'
import { apiClient, type ApiResponse } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

const run = promisify(execFile)
const TSC = resolve('node_modules/.bin/tsc')

let app: TestApp
let answers: Record<AnswerKind, ApiResponse>
let dir: string

// The generated type each answer must have: operations[<operationId>] at a status, or the Error schema.
const TYPES: Record<AnswerKind, string> = {
  eventList: "operations['listEvents']['responses'][200]",
  event: "operations['getEvent']['responses'][200]",
  eventBySlug: "operations['getEventBySlug']['responses'][200]",
  lockedEvent: "operations['getEvent']['responses'][403]",
  createdEvent: "operations['createEvent']['responses'][201]",
  updatedEvent: "operations['patchEvent']['responses'][200]",
  trashedEvent: "operations['deleteEvent']['responses'][200]",
  trashedAgain: "operations['deleteEvent']['responses'][410]",
  venueList: "operations['listVenues']['responses'][200]",
  venue: "operations['getVenue']['responses'][200]",
  createdVenue: "operations['createVenue']['responses'][201]",
  organizerList: "operations['listOrganizers']['responses'][200]",
  organizer: "operations['getOrganizer']['responses'][200]",
  categoryList: "operations['listCategories']['responses'][200]",
  category: "operations['getCategory']['responses'][200]",
  createdCategory: "operations['createCategory']['responses'][201]",
  deletedCategory: "operations['deleteCategory']['responses'][200]",
  tagList: "operations['listTags']['responses'][200]",
  tag: "operations['getTag']['responses'][200]",
  invalidParam: "operations['listEvents']['responses'][400]",
  missingParam: "operations['createEvent']['responses'][400]",
  wrongPassword: "operations['listEvents']['responses'][401]",
  forbidden: "operations['createVenue']['responses'][403]",
  notFound: "operations['getEvent']['responses'][404]",
  noRoute: "{ content: { 'application/json': components['schemas']['Error'] } }",
  pastLastPage: "operations['listEvents']['responses'][404]",
}

// Code a client writes against the generated types: every union the wire has must be narrowed.
const PARSE = `import type { components, operations } from './calendar-api.js'
type Event = components['schemas']['Event']
type EventList = operations['listEvents']['responses'][200]['content']['application/json']
type ApiError = components['schemas']['Error']

export function venueNames(event: Event): string[] {
  const venues = Array.isArray(event.venue) ? event.venue : [event.venue]
  // A venue named "0" has no name on the wire (PHP's empty()), so /doc does not require one.
  return venues.flatMap((venue) => (venue.venue === undefined ? [] : [venue.venue]))
}
export function imageUrl(event: Event): string | null {
  return event.image === false ? null : event.image.url
}
export function startYear(event: Event): number {
  return Number(event.start_date_details.year)
}
export function lowestCost(event: Event): number | null {
  const [first] = event.cost_details.values
  return first === undefined ? null : Number(first)
}
export function termLinks(event: Event): string[] {
  return [...event.categories, ...event.tags].map((term) => term.urls.self)
}
export function summary(list: EventList): string[] {
  return list.events.map((e) => \`\${e.title} \${startYear(e)} \${venueNames(e).join('/')} \${imageUrl(e) ?? '-'} \${lowestCost(e) ?? ''} \${termLinks(e).length}\`)
}
export function describeError(error: ApiError): string {
  return \`\${error.data.status} \${error.code}: \${error.message}\`
}
`

beforeAll(async () => {
  app = await initTestApp()
  const actors = await createActors(app, 'client')
  answers = await everyAnswerKind(app, apiClient(app.api), actors.administrator!, actors.subscriber!)
  dir = await mkdtemp(join(tmpdir(), 'openapi-client-'))
})

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  await app?.close()
})

async function tsc(...files: string[]): Promise<{ code: number; output: string }> {
  const args = ['--noEmit', '--strict', '--exactOptionalPropertyTypes', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--typeRoots', resolve('node_modules/@types'), ...files.map((f) => join(dir, f))]
  try {
    const { stdout } = await run(TSC, args, { cwd: dir })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, output: failed.stdout }
  }
}

describe('a client generated from /doc with openapi-typescript', () => {
  it('compiles, and types every kind of real answer: lists, single reads, writes and errors', async () => {
    const doc = await (await fetch(`${app.api}/doc`)).json()
    const source = astToString(await openapiTS(doc))
    expect(source).toContain('listEvents: {')
    await writeFile(join(dir, 'calendar-api.ts'), source)
    // Each answer as a literal of its generated type: a wrong type or an undocumented key fails tsc.
    const kinds = Object.keys(TYPES) as AnswerKind[]
    expect(kinds.length).toBeGreaterThan(20)
    const literals = kinds.map((kind) => `export const ${kind}: (${TYPES[kind]})['content']['application/json'] = ${JSON.stringify(answers[kind].body, null, 1)}`)
    await writeFile(join(dir, 'answers.ts'), `import type { components, operations } from './calendar-api.js'\n${literals.join('\n')}\n`)
    await writeFile(join(dir, 'parse.ts'), PARSE)
    await writeFile(
      join(dir, 'main.ts'),
      `import * as answers from './answers.js'\nimport { describeError, summary, venueNames } from './parse.js'\n` +
        `export const lines = [...summary(answers.eventList), ...venueNames(answers.event), describeError(answers.notFound), describeError(answers.invalidParam)]\n`,
    )
    const result = await tsc('calendar-api.ts', 'answers.ts', 'parse.ts', 'main.ts')
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  }, 180_000)

  it('refuses an answer of the wrong shape', async () => {
    // The integer date parts the old /doc promised: the generated types must reject them.
    const event = structuredClone(answers.event.body) as { start_date_details: Record<string, unknown>; venue: unknown }
    event.start_date_details.year = 2027
    await writeFile(
      join(dir, 'wrong.ts'),
      `import type { components } from './calendar-api.js'\nexport const event: components['schemas']['Event'] = ${JSON.stringify(event)}\n`,
    )
    const result = await tsc('calendar-api.ts', 'wrong.ts')
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/wrong\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/)
  }, 180_000)
})
