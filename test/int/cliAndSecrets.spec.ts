import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { runCli } from '../helpers/runCli.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`

describe('operator CLI', () => {
  let appPassword = ''

  it('users:create makes a user with the given role', async () => {
    const result = await runCli(
      ['users:create', '--email', 'ed@example.org', '--username', 'ed', '--password', 'correct horse', '--role', 'editor'],
      app.database.uri,
    )
    expect(result.stderr).not.toMatch(/Error:/)
    expect(result.code).toBe(0)
    const users = await app.payload.find({ collection: 'users', where: { username: { equals: 'ed' } } })
    expect(users.docs[0]).toMatchObject({ email: 'ed@example.org', role: 'editor' })
  })

  it('users:create refuses an unknown role with a clear message', async () => {
    const result = await runCli(
      ['users:create', '--email', 'x@example.org', '--username', 'x', '--password', 'pw', '--role', 'king'],
      app.database.uri,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/--role must be one of administrator, editor, author, contributor, subscriber/)
  })

  it('app-passwords:create prints the password as the last line and stores only a hash', async () => {
    const result = await runCli(['app-passwords:create', '--user', 'ed', '--name', 'website'], app.database.uri)
    expect(result.code).toBe(0)
    appPassword = result.stdout.trim().split('\n').pop()!
    expect(appPassword).toMatch(/^(\S{4} ){5}\S{4}$/)
    const stored = await app.payload.db.find({ collection: 'app-passwords', where: {}, limit: 0, pagination: false })
    const hash = (stored.docs[0] as unknown as { hash: string }).hash
    expect(hash).toMatch(/^scrypt\$/)
    expect(hash).not.toContain(appPassword.replace(/ /g, ''))
  })

  it('the application password authenticates over HTTP Basic; a wrong one is 401 incorrect_password', async () => {
    const ok = await fetch(`${app.api}/`, { headers: { authorization: basic('ed', appPassword) } })
    expect(ok.status).toBe(200)
    const { user } = await app.payload.auth({ headers: new Headers({ authorization: basic('ed', appPassword) }) })
    expect(user).toMatchObject({ username: 'ed', role: 'editor' })

    const bad = await fetch(`${app.api}/`, { headers: { authorization: basic('ed', 'not the password') } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    })
    const used = await app.payload.db.find({ collection: 'app-passwords', where: {}, limit: 0, pagination: false })
    expect((used.docs[0] as unknown as { lastUsedAt?: string }).lastUsedAt).toBeTruthy()
  })
})

describe('event passwords', () => {
  it('are stored hashed and never readable through the Local API, even by an administrator', async () => {
    const { payload } = app
    const admin = await payload.create({
      collection: 'users',
      data: { email: 'admin@example.org', username: 'admin', password: 'correct horse battery', role: 'administrator' },
    })
    const event = await payload.create({
      collection: 'events',
      data: { title: 'Secret gig', startDate: '2027-01-01T20:00:00Z', endDate: '2027-01-01T22:00:00Z', password: 'sesame' },
    })
    expect(event.password).toBeUndefined()
    expect(event).not.toHaveProperty('passwordHash')
    const read = await payload.findByID({ collection: 'events', id: event.id, overrideAccess: false, user: { ...admin, collection: 'users' } })
    expect(read.password).toBeUndefined()
    expect(read).not.toHaveProperty('passwordHash')
    const raw = await payload.db.findOne({ collection: 'events', where: { id: { equals: event.id } } })
    expect((raw as unknown as { passwordHash: string }).passwordHash).toMatch(/^scrypt\$/)

    // The hash itself cannot be written through the API.
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { passwordHash: 'scrypt$00$00' } as Record<string, unknown>,
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
    })
    const untouched = await payload.db.findOne({ collection: 'events', where: { id: { equals: event.id } } })
    expect((untouched as unknown as { passwordHash: string }).passwordHash).toBe((raw as unknown as { passwordHash: string }).passwordHash)

    // An update that leaves the password out keeps it; an empty one clears it.
    await payload.update({ collection: 'events', id: event.id, data: { title: 'Secret gig (moved)' } })
    const kept = await payload.db.findOne({ collection: 'events', where: { id: { equals: event.id } } })
    expect((kept as unknown as { passwordHash: string }).passwordHash).toBe((raw as unknown as { passwordHash: string }).passwordHash)
    await payload.update({ collection: 'events', id: event.id, data: { password: '' } })
    const cleared = await payload.db.findOne({ collection: 'events', where: { id: { equals: event.id } } })
    expect((cleared as unknown as { passwordHash: string | null }).passwordHash ?? null).toBeNull()
  })
})
