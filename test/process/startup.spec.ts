// `npm start` on a built tree serves the calendar namespace before the admin (Next) has started:
// Next is loaded after the server listens, admin and /api requests made meanwhile wait for it and
// are answered, and "ready" is said only once the admin serves. Next is slowed down here (a module
// hook delays its loading by a few seconds) so the window is wide enough to look into; how long a
// real start takes is measured by `npm run bench`, not asserted.
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { pathToFileURL } from 'node:url'
import path from 'node:path'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const SLOW_NEXT = pathToFileURL(path.resolve('test/helpers/slowNext.mjs')).href
const NEXT_DELAY_MS = 6000
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean()
})

async function startSlowAdmin(processes: number): Promise<{ started: Started; origin: string }> {
  const data = tempDir('calendar-startup-')
  cleanups.push(data.remove)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env = operatorEnv({
    DATA_DIR: data.dir,
    PORT: String(port),
    SITE_URL: origin,
    WEB_CONCURRENCY: String(processes),
    NODE_OPTIONS: `--import ${SLOW_NEXT}`,
    SLOW_NEXT_MS: String(NEXT_DELAY_MS),
  })
  const started = npm(['start'], env)
  cleanups.push(() => killGroup(started))
  return { started, origin }
}

describe.each([1, 2])('npm start while the admin starts, %i server process(es)', (processes) => {
  it('the namespace answers first; admin and /api requests made meanwhile wait and are answered; then "ready"', async () => {
    const { started, origin } = await startSlowAdmin(processes)
    await waitUntilAnswers(`${origin}/wp-json/calendar/events/v1/`, started)
    // Serving, and saying so, but not claiming the admin.
    const serving = processes > 1 ? /Calendar serving on .*: calendar at \/wp-json\/calendar\/events\/v1\/; the admin at \/admin is starting \(2 workers\)/ : /Calendar serving on .*: calendar at \/wp-json\/calendar\/events\/v1\/; the admin at \/admin is starting/
    for (let i = 0; i < 100 && !serving.test(started.output()); i++) await new Promise((r) => setTimeout(r, 50))
    expect(started.output()).toMatch(serving)
    expect(started.output()).not.toMatch(/Calendar ready/)
    const events = await fetch(`${origin}/wp-json/calendar/events/v1/events`)
    expect(events.status).toBe(200)
    expect(await events.json()).toMatchObject({ events: [], total: 0 })

    // Made while the admin is not ready yet: they wait for it, then get their answers.
    const sentBeforeReady = !/Calendar ready/.test(started.output())
    const [login, api] = await Promise.all([fetch(`${origin}/admin/login`), fetch(`${origin}/api/events?limit=1`)])
    expect(sentBeforeReady).toBe(true)
    expect(login.status).toBe(200)
    expect(await login.text()).toMatch(/<html/i)
    expect(api.status).toBe(200)
    expect(await api.json()).toMatchObject({ docs: [], totalDocs: 0 })

    // "ready" once the admin serves, after the line that said it was starting.
    for (let i = 0; i < 200 && !/Calendar ready on/.test(started.output()); i++) await new Promise((r) => setTimeout(r, 50))
    const out = started.output()
    expect(out).toMatch(processes > 1 ? /Calendar ready on .*: admin at \/admin, calendar at \/wp-json\/calendar\/events\/v1\/ \(2 workers\)/ : /Calendar ready on .*: admin at \/admin, calendar at \/wp-json\/calendar\/events\/v1\//)
    expect(out.search(/Calendar serving on/)).toBeLessThan(out.search(/Calendar ready on/))

    started.child.kill('SIGTERM')
    expect((await started.exited).code).toBe(0)
  })
})
