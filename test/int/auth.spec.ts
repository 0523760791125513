import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { signInLimits } from '../../collections/auth/signInLimits.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import type { Role } from '../../collections/roles.js'
import { env } from '../../src/env.js'

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const NS = `${env.REST_PREFIX}/calendar/events/v1`

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  actors = await createActors(app)
})
afterAll(async () => {
  await api?.close()
  await app?.close()
})

const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` })
const newEvent = { title: 'Auth check', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' }

/** An application password for `user`, created by the administrator over /api; returns the plain value and its ID. */
async function createAppPassword(user: Actor, name = 'script'): Promise<{ id: number; password: string }> {
  const res = await api.request('POST', '/api/app-passwords', { body: { name, user: user.id }, headers: actors.administrator.headers })
  expect(res.status).toBe(201)
  return { id: res.body.doc.id, password: res.body.doc.password }
}

async function storedHashes(): Promise<string[]> {
  const rows = await app.payload.db.find({ collection: 'app-passwords', where: {}, limit: 0, pagination: false })
  return (rows.docs as unknown as Array<{ hash: string }>).map((row) => row.hash)
}

describe('application passwords over /api', () => {
  beforeEach(() => signInLimits.clear())

  it('an administrator creates one for a user; the password is in that response only, and only its hash is stored', async () => {
    const res = await api.request('POST', '/api/app-passwords', {
      body: { name: 'Website', user: actors.editor.id },
      headers: actors.administrator.headers,
    })
    expect(res.status).toBe(201)
    const { doc } = res.body
    expect(doc.password).toMatch(/^(\S{4} ){5}\S{4}$/)
    expect(doc).not.toHaveProperty('hash')
    expect(doc.name).toBe('Website')

    const again = await api.request('GET', `/api/app-passwords/${doc.id}`, { headers: actors.administrator.headers })
    expect(again.status).toBe(200)
    expect(again.body.password ?? null).toBeNull()
    expect(again.body).not.toHaveProperty('hash')
    const list = await api.request('GET', '/api/app-passwords?depth=0', { headers: actors.administrator.headers })
    expect(list.body.docs.length).toBeGreaterThan(0)
    for (const row of list.body.docs) {
      expect(row.password ?? null).toBeNull()
      expect(row).not.toHaveProperty('hash')
    }
    const hashes = await storedHashes()
    expect(hashes.length).toBeGreaterThan(0)
    expect(hashes.every((h) => /^scrypt\$[0-9a-f]+\$[0-9a-f]{64}$/.test(h))).toBe(true)
    expect(hashes.some((h) => h.includes(doc.password.replace(/ /g, '')))).toBe(false)
  })

  it('the caller cannot choose the password or the hash', async () => {
    const res = await api.request('POST', '/api/app-passwords', {
      body: { name: 'Chosen', user: actors.author.id, password: 'my own choice', hash: 'scrypt$00$00' },
      headers: actors.administrator.headers,
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.password).not.toBe('my own choice')
    expect(await storedHashes()).not.toContain('scrypt$00$00')
    const chosen = await fetch(`${app.api}/`, { headers: basic('actor-author', 'my own choice') })
    expect(chosen.status).toBe(401)
    const generated = await fetch(`${app.api}/`, { headers: basic('actor-author', res.body.doc.password) })
    expect(generated.status).toBe(200)
  })

  it('every signed-in user creates their own, never anyone else\'s; anonymous callers none; nobody updates them', async () => {
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const own = await api.request('POST', '/api/app-passwords', { body: { name: 'mine' }, headers: actors[role].headers })
      expect(own.status).toBe(201)
      expect(own.body.doc.user).toMatchObject({ id: actors[role].id })
      // Naming the administrator as the owner still makes the caller's own.
      const other = await api.request('POST', '/api/app-passwords', { body: { name: 'theirs', user: actors.administrator.id }, headers: actors[role].headers })
      expect(other.status).toBe(201)
      expect(other.body.doc.user).toMatchObject({ id: actors[role].id })
      const works = await api.request('GET', '/api/users/me', { headers: basic(`actor-${role}`, other.body.doc.password) })
      expect(works.body.user?.id).toBe(actors[role].id)
      const graph = await api.graphql(
        `mutation { createAppPassword(data: { name: "graph", user: ${actors.administrator.id} }) { user { id } password } }`,
        actors[role].headers,
      )
      expect(graph.body.errors).toBeUndefined()
      expect(graph.body.data.createAppPassword.user.id).toBe(actors[role].id)
    }
    // An administrator names the owner.
    const forEditor = await api.request('POST', '/api/app-passwords', { body: { name: 'for ed', user: actors.editor.id }, headers: actors.administrator.headers })
    expect(forEditor.body.doc.user).toMatchObject({ id: actors.editor.id })
    const anonymous = await api.request('POST', '/api/app-passwords', { body: { name: 'x', user: actors.editor.id } })
    expect(anonymous.status).toBe(403)
    const { id } = await createAppPassword(actors.editor, 'fixed')
    const rename = await api.request('PATCH', `/api/app-passwords/${id}`, { body: { name: 'renamed', user: actors.administrator.id }, headers: actors.administrator.headers })
    expect(rename.status).toBe(403)
  })

  it('authenticate /api (users/me, collections) and the namespace with HTTP Basic, by username or e-mail', async () => {
    const { password } = await createAppPassword(actors.author, 'curl')
    const me = await api.request('GET', '/api/users/me', { headers: basic('actor-author', password) })
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ id: actors.author.id, username: 'actor-author', role: 'author' })
    for (const secret of ['hash', 'salt', 'loginAttempts', 'lockUntil']) expect(me.body.user).not.toHaveProperty(secret)
    const byEmail = await api.request('GET', '/api/users/me', { headers: basic('actor-author@example.org', password.replace(/ /g, '')) })
    expect(byEmail.body.user?.id).toBe(actors.author.id)

    // The author may create events: the namespace lists POST for them, not for anonymous callers.
    const options = await fetch(`${app.api}/events`, { method: 'OPTIONS', headers: basic('actor-author', password) })
    expect(options.headers.get('allow')).toBe('GET, POST')
    expect((await fetch(`${app.api}/events`, { method: 'OPTIONS' })).headers.get('allow')).toBe('GET')

    const graph = await api.graphql('{ meUser { user { id role } } }', basic('actor-author', password))
    expect(graph.body.data.meUser.user).toEqual({ id: actors.author.id, role: 'author' })
  })

  it('record their last use and are listed with it to their owner; others see only their own', async () => {
    const { id, password } = await createAppPassword(actors.contributor, 'phone')
    const before = await api.request('GET', `/api/app-passwords/${id}`, { headers: actors.contributor.headers })
    expect(before.status).toBe(200)
    expect(before.body.lastUsedAt ?? null).toBeNull()
    await fetch(`${app.api}/`, { headers: basic('actor-contributor', password) })
    const after = await api.request('GET', `/api/app-passwords/${id}`, { headers: actors.contributor.headers })
    expect(Date.parse(after.body.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000)

    const own = await api.request('GET', '/api/app-passwords?depth=0', { headers: actors.contributor.headers })
    expect(own.body.docs.length).toBeGreaterThan(0)
    expect(own.body.docs.every((row: { user: number }) => row.user === actors.contributor.id)).toBe(true)
    const other = await api.request('GET', `/api/app-passwords/${id}`, { headers: actors.subscriber.headers })
    expect(other.status).toBe(404)
    const anonymous = await api.request('GET', '/api/app-passwords')
    expect(anonymous.status).toBe(403)
  })

  it('each user revokes their own and cannot revoke or read anyone else\'s, over /api and GraphQL', async () => {
    const { id: mine } = await createAppPassword(actors.author, 'to revoke')
    const { id: theirs } = await createAppPassword(actors.editor, 'not yours')
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      const del = await api.request('DELETE', `/api/app-passwords/${theirs}`, { headers: actors[role].headers })
      expect(del.status).toBe(403)
      const graph = await api.graphql(`mutation { deleteAppPassword(id: ${theirs}) { id } }`, actors[role].headers)
      expect(graph.body.errors?.length).toBeGreaterThan(0)
      const read = await api.graphql(`{ AppPassword(id: ${theirs}) { id } }`, actors[role].headers)
      expect(read.body.data?.AppPassword ?? null).toBeNull()
    }
    expect((await api.request('GET', `/api/app-passwords/${theirs}`, { headers: actors.editor.headers })).status).toBe(200)
    const revoked = await api.graphql(`mutation { deleteAppPassword(id: ${mine}) { id } }`, actors.author.headers)
    expect(revoked.body.data.deleteAppPassword.id).toBe(mine)
    expect((await api.request('GET', `/api/app-passwords/${mine}`, { headers: actors.author.headers })).status).toBe(404)
  })

  it('never expose the hash: not in REST or GraphQL answers, not queryable or sortable', async () => {
    await createAppPassword(actors.editor, 'graph')
    const query = await api.graphql('{ AppPasswords { docs { id name lastUsedAt password } } }', actors.administrator.headers)
    expect(query.body.errors).toBeUndefined()
    expect(query.body.data.AppPasswords.docs.length).toBeGreaterThan(0)
    for (const row of query.body.data.AppPasswords.docs) expect(row.password).toBeNull()
    const hash = await api.graphql('{ AppPasswords { docs { hash } } }', actors.administrator.headers)
    expect(hash.body.errors).toBeUndefined()
    for (const row of hash.body.data.AppPasswords.docs) expect(row.hash).toBeNull()
    const whereHash = await api.graphql('{ AppPasswords(where: { hash: { like: "scrypt" } }) { totalDocs } }', actors.administrator.headers)
    expect(whereHash.body.errors?.[0]?.message).toMatch(/hash/)

    const where = await api.request('GET', '/api/app-passwords?where[hash][like]=scrypt', { headers: actors.administrator.headers })
    expect(where.status).toBe(400)
    const sort = await api.request('GET', '/api/app-passwords?sort=hash', { headers: actors.administrator.headers })
    expect(sort.status).toBe(400)
    const select = await api.request('GET', '/api/app-passwords?select[hash]=true', { headers: actors.administrator.headers })
    for (const row of select.body.docs ?? []) expect(row).not.toHaveProperty('hash')
  })

  it('are created through GraphQL too, the password shown in that mutation only', async () => {
    const res = await api.graphql(
      `mutation { createAppPassword(data: { name: "graphql", user: ${actors.subscriber.id} }) { id name password } }`,
      actors.administrator.headers,
    )
    expect(res.body.errors).toBeUndefined()
    const created = res.body.data.createAppPassword
    expect(created.password).toMatch(/^(\S{4} ){5}\S{4}$/)
    const read = await api.graphql(`{ AppPassword(id: ${created.id}) { password } }`, actors.administrator.headers)
    expect(read.body.data.AppPassword.password).toBeNull()
    const me = await api.request('GET', '/api/users/me', { headers: basic('actor-subscriber', created.password) })
    expect(me.body.user?.id).toBe(actors.subscriber.id)
  })

  it('are revoked by deleting them, by their owner or an administrator, effective at once', async () => {
    const first = await createAppPassword(actors.editor, 'to revoke')
    const second = await createAppPassword(actors.editor, 'kept')
    expect((await fetch(`${app.api}/`, { headers: basic('actor-editor', first.password) })).status).toBe(200)
    const stranger = await api.request('DELETE', `/api/app-passwords/${first.id}`, { headers: actors.author.headers })
    expect(stranger.status).not.toBe(200)
    const revoke = await api.request('DELETE', `/api/app-passwords/${first.id}`, { headers: actors.editor.headers })
    expect(revoke.status).toBe(200)

    const refused = await fetch(`${app.api}/`, { headers: basic('actor-editor', first.password) })
    expect(refused.status).toBe(401)
    expect((await refused.json()).code).toBe('incorrect_password')
    const me = await api.request('GET', '/api/users/me', { headers: basic('actor-editor', first.password) })
    expect(me.body.user ?? null).toBeNull()
    expect((await fetch(`${app.api}/`, { headers: basic('actor-editor', second.password) })).status).toBe(200)

    const byAdmin = await api.request('DELETE', `/api/app-passwords/${second.id}`, { headers: actors.administrator.headers })
    expect(byAdmin.status).toBe(200)
    expect((await fetch(`${app.api}/`, { headers: basic('actor-editor', second.password) })).status).toBe(401)
  })

  it("go with their user when the user is deleted", async () => {
    const user = await app.payload.create({
      collection: 'users',
      data: { email: 'leaving@example.org', username: 'leaving', password: 'leaving password', role: 'author' },
    })
    const res = await api.request('POST', '/api/app-passwords', { body: { name: 'old', user: user.id }, headers: actors.administrator.headers })
    expect(res.status).toBe(201)
    const removed = await api.request('DELETE', `/api/users/${user.id}`, { headers: actors.administrator.headers })
    expect(removed.status).toBe(200)
    const left = await app.payload.find({ collection: 'app-passwords', where: { user: { equals: user.id } }, overrideAccess: true })
    expect(left.totalDocs).toBe(0)
  })
})

describe('credentials on the namespace', () => {
  beforeEach(() => signInLimits.clear())

  it('a wrong application password is 401 incorrect_password, whatever the route', async () => {
    for (const [method, path] of [['GET', '/'], ['GET', '/events'], ['POST', '/events']] as const) {
      const res = await fetch(`${app.api}${path}`, { method, headers: { ...basic('actor-editor', 'wrong'), 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify(newEvent) : undefined })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        code: 'incorrect_password',
        message: 'The provided password is an invalid application password.',
        data: { status: 401 },
      })
    }
    const unknownUser = await fetch(`${app.api}/`, { headers: basic('nobody-here', 'whatever') })
    expect(unknownUser.status).toBe(401)
    // Not an application password: the account's own login password is not accepted over Basic.
    const loginPassword = await fetch(`${app.api}/`, { headers: basic('actor-editor@example.org', 'editor password 123') })
    expect(loginPassword.status).toBe(401)
  })

  it('missing credentials on a write are 401 rest_forbidden; a signed-in user without the right gets 403', async () => {
    const anonymous = await fetch(`${app.api}/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(newEvent) })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } })
    const subscriber = await fetch(`${app.api}/events`, {
      method: 'POST',
      headers: { ...actors.subscriber.headers, 'content-type': 'application/json' },
      body: JSON.stringify(newEvent),
    })
    expect(subscriber.status).toBe(403)
    expect((await subscriber.json()).code).toBe('rest_forbidden')
  })

  it('accepts a Payload API key and a session cookie from the site itself, not a cross-site cookie', async () => {
    const key = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d'
    await app.payload.update({ collection: 'users', id: actors.editor.id, data: { enableAPIKey: true, apiKey: key }, overrideAccess: true })
    const withKey = await fetch(`${app.api}/events`, { method: 'OPTIONS', headers: { authorization: `users API-Key ${key}` } })
    expect(withKey.headers.get('allow')).toBe('GET, POST')
    const me = await api.request('GET', '/api/users/me', { headers: { authorization: `users API-Key ${key}` } })
    expect(me.body.user?.id).toBe(actors.editor.id)

    const login = await api.request('POST', '/api/users/login', { body: { email: 'actor-author@example.org', password: 'author password 123' } })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!.split(';')[0]!
    const sameSite = await fetch(`${app.api}/events`, { method: 'OPTIONS', headers: { cookie, origin: env.SITE_URL } })
    expect(sameSite.headers.get('allow')).toBe('GET, POST')
    // A cookie sent by another site's page is not the user's intent (WordPress wants a nonce): anonymous.
    const crossSite = await fetch(`${app.api}/events`, { method: 'OPTIONS', headers: { cookie, origin: 'https://elsewhere.example' } })
    expect(crossSite.headers.get('allow')).toBe('GET')
  })
})

describe('failed sign-in limits', () => {
  beforeEach(() => signInLimits.clear())

  it('lock an account for the failing address after repeated wrong application passwords: 429 with Retry-After, even for the right one', async () => {
    const { password } = await createAppPassword(actors.author, 'locked out')
    const { maxFailures, lockSeconds } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) {
      const res = await fetch(`${app.api}/`, { headers: basic('actor-author', `wrong ${i}`) })
      expect(res.status).toBe(401)
    }
    const locked = await fetch(`${app.api}/`, { headers: basic('actor-author', password) })
    expect(locked.status).toBe(429)
    const retryAfter = Number(locked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(lockSeconds)
    expect(await locked.json()).toEqual({
      code: 'rest_too_many_requests',
      message: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
      data: { status: 429 },
    })
    // The same lock holds on /api (there the caller is simply not signed in) and in any language.
    const me = await api.request('GET', '/api/users/me', { headers: basic('actor-author', password) })
    expect(me.body.user ?? null).toBeNull()
    const french = await fetch(`${app.origin}/fr${NS}/`, { headers: basic('actor-author', password) })
    expect(french.status).toBe(429)
    expect((await french.json()).code).toBe('rest_too_many_requests')
    // Other accounts and anonymous callers are unaffected.
    const other = await createAppPassword(actors.contributor, 'unaffected')
    expect((await fetch(`${app.api}/`, { headers: basic('actor-contributor', other.password) })).status).toBe(200)
    expect((await fetch(`${app.api}/`)).status).toBe(200)
  })

  it('count failures made through /api against the same account', async () => {
    const { password } = await createAppPassword(actors.editor, 'api failures')
    for (let i = 0; i < signInLimits.byPair.limits.maxFailures; i++) {
      await api.request('GET', '/api/users/me', { headers: basic('actor-editor', `nope ${i}`) })
    }
    const res = await fetch(`${app.api}/`, { headers: basic('actor-editor', password) })
    expect(res.status).toBe(429)
  })

  it('a success forgets the account’s earlier failures', async () => {
    const { password } = await createAppPassword(actors.editor, 'forgiven')
    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures - 1; i++) await fetch(`${app.api}/`, { headers: basic('actor-editor', `bad ${i}`) })
    expect((await fetch(`${app.api}/`, { headers: basic('actor-editor', password) })).status).toBe(200)
    for (let i = 0; i < maxFailures - 1; i++) await fetch(`${app.api}/`, { headers: basic('actor-editor', `bad again ${i}`) })
    expect((await fetch(`${app.api}/`, { headers: basic('actor-editor', password) })).status).toBe(200)
  })

  it('lock a client address that tries many accounts', async () => {
    const { password } = await createAppPassword(actors.subscriber, 'sprayed')
    const { maxFailures } = signInLimits.byAddress.limits
    // Below each account's own limit: only the address adds up.
    for (let i = 0; i < maxFailures; i++) {
      const res = await fetch(`${app.api}/`, { headers: basic(`guess-${i}`, 'password') })
      expect(res.status).toBe(401)
    }
    const locked = await fetch(`${app.api}/`, { headers: basic('actor-subscriber', password) })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Requests without Basic credentials are not sign-in attempts and still pass.
    expect((await fetch(`${app.api}/`, { headers: actors.editor.headers })).status).toBe(200)
  })

  it('Payload’s own login at /api/users/login counts towards the same limit: 429 for that address, no account-wide lock', async () => {
    const email = 'actor-contributor@example.org'
    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) {
      const res = await api.request('POST', '/api/users/login', { body: { email, password: `wrong ${i}` } })
      expect(res.status).toBe(401)
    }
    const locked = await api.request('POST', '/api/users/login', { body: { email, password: 'contributor password 123' } })
    expect(locked.status).toBe(429)
    expect(locked.body.errors[0].message).toMatch(/Too many failed sign-in attempts/)
    // Nothing is stored on the account (test/int/lockouts.spec.ts signs in from another address).
    const stored = (await app.payload.db.findOne({ collection: 'users', where: { email: { equals: email } } })) as Record<string, unknown>
    expect(stored.email).toBe(email)
    expect(stored).not.toHaveProperty('lockUntil')
    await signInLimits.clear()
    const ok = await api.request('POST', '/api/users/login', { body: { email, password: 'contributor password 123' } })
    expect(ok.status).toBe(200)
  })
})

describe('an application password is not the whole account', () => {
  beforeEach(() => signInLimits.clear())

  const REFUSED = /^An application password or API key cannot .+: sign in with the account's password/

  it('over /api it cannot change the password, the e-mail or the API key, nor manage application passwords; revoking it leaves the account as it was', async () => {
    const author = await app.payload.create({
      collection: 'users',
      data: { email: 'leaky@example.org', username: 'leaky', password: 'the real password 1', role: 'author' },
      overrideAccess: true,
    })
    const leaked = await createAppPassword({ ...actors.author, id: author.id as number }, 'leaked')
    const asLeak = basic('leaky', leaked.password)
    const patch = (body: Record<string, unknown>) => api.request('PATCH', `/api/users/${author.id}`, { body, headers: asLeak })

    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ password: 'new-password-123456' }, 'change a password'],
      [{ email: 'author-new@x.test' }, 'change an e-mail address'],
      [{ enableAPIKey: true, apiKey: 'attacker-known-key-123' }, 'enable an API key'],
      [{ apiKey: 'attacker-known-key-123' }, 'set an API key'],
    ]
    for (const [body, what] of attempts) {
      const res = await patch(body)
      expect(res.status).toBe(403)
      expect(res.body.errors[0].message).toMatch(REFUSED)
      expect(res.body.errors[0].message).toContain(what)
    }
    // The profile itself is still the user's to edit, with the same credential (and an unchanged e-mail is no change).
    const profile = await patch({ displayName: 'Leaky Author', email: 'leaky@example.org' })
    expect(profile.status).toBe(200)
    expect(profile.body.doc.displayName).toBe('Leaky Author')

    const create = await api.request('POST', '/api/app-passwords', { body: { name: 'x2' }, headers: asLeak })
    expect(create.status).toBe(403)
    expect(create.body.errors[0].message).toMatch(REFUSED)
    const del = await api.request('DELETE', `/api/app-passwords/${leaked.id}`, { headers: asLeak })
    expect(del.status).toBe(403)
    const listed = await api.request('GET', '/api/app-passwords?depth=0', { headers: asLeak })
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((d: { id: number }) => d.id)).toEqual([leaked.id])
    // Nor does it become a session (a JWT that could then change the password).
    const refresh = await api.request('POST', '/api/users/refresh-token', { headers: asLeak })
    expect(refresh.status).toBe(403)
    expect(refresh.body.refreshedToken).toBeUndefined()

    // Revoking the leaked password undoes everything it could do.
    expect((await api.request('DELETE', `/api/app-passwords/${leaked.id}`, { headers: actors.administrator.headers })).status).toBe(200)
    expect((await api.request('GET', '/api/users/me', { headers: asLeak })).body.user ?? null).toBeNull()
    const login = await api.request('POST', '/api/users/login', { body: { email: 'leaky@example.org', password: 'the real password 1' } })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ email: 'leaky@example.org' })
    expect((await api.request('POST', '/api/users/login', { body: { email: 'leaky@example.org', password: 'new-password-123456' } })).status).toBe(401)
    const key = await api.request('GET', '/api/users/me', { headers: { authorization: 'users API-Key attacker-known-key-123' } })
    expect(key.body.user ?? null).toBeNull()
    const left = await app.payload.count({ collection: 'app-passwords', where: { user: { equals: author.id } }, overrideAccess: true })
    expect(left.totalDocs).toBe(0)
  })

  it('nor over GraphQL, where it still works for what the role allows', async () => {
    const { id, password } = await createAppPassword(actors.editor, 'graphql leak')
    const asLeak = basic('actor-editor', password)
    const mutations = [
      `mutation { updateUser(id: ${actors.editor.id}, data: { password: "new-password-123456" }) { id } }`,
      `mutation { updateUser(id: ${actors.editor.id}, data: { email: "editor-new@x.test" }) { id } }`,
      `mutation { updateUser(id: ${actors.editor.id}, data: { enableAPIKey: true, apiKey: "attacker-known-key-456" }) { id } }`,
      'mutation { createAppPassword(data: { name: "x2" }) { password } }',
      `mutation { deleteAppPassword(id: ${id}) { id } }`,
    ]
    for (const mutation of mutations) {
      const res = await api.graphql(mutation, asLeak)
      expect(res.body.errors?.[0]?.message).toMatch(REFUSED)
    }
    const me = await api.graphql('{ meUser { user { id email } } }', asLeak)
    expect(me.body.data.meUser.user).toEqual({ id: actors.editor.id, email: 'actor-editor@example.org' })
    const stillThere = await api.request('GET', `/api/app-passwords/${id}`, { headers: actors.editor.headers })
    expect(stillThere.status).toBe(200)
  })

  it('an API key is held to the same rule, and the namespace still takes the application password for writes', async () => {
    const { password } = await createAppPassword(actors.author, 'namespace')
    const created = await fetch(`${app.api}/events`, {
      method: 'POST',
      headers: { ...basic('actor-author', password), 'content-type': 'application/json' },
      body: JSON.stringify(newEvent),
    })
    expect(created.status).toBe(201)
    expect((await created.json()).author).toBe(String(actors.author.id))

    // An administrator (signed in) sets an API key for a user: allowed; that key then changes no credentials.
    const key = 'f0e1d2c3-b4a5-4968-8776-655443322110'
    const enable = await api.request('PATCH', `/api/users/${actors.contributor.id}`, { body: { enableAPIKey: true, apiKey: key }, headers: actors.administrator.headers })
    expect(enable.status).toBe(200)
    const asKey = { authorization: `users API-Key ${key}` }
    expect((await api.request('GET', '/api/users/me', { headers: asKey })).body.user?.id).toBe(actors.contributor.id)
    const change = await api.request('PATCH', `/api/users/${actors.contributor.id}`, { body: { password: 'new-password-123456' }, headers: asKey })
    expect(change.status).toBe(403)
    expect(change.body.errors[0].message).toMatch(REFUSED)
    const mint = await api.request('POST', '/api/app-passwords', { body: { name: 'from key' }, headers: asKey })
    expect(mint.status).toBe(403)
  })

  it('a person signed in with their password (session cookie) still changes their own password and makes application passwords', async () => {
    await app.payload.create({
      collection: 'users',
      data: { email: 'keeper@example.org', username: 'keeper', password: 'first password 123', role: 'contributor' },
      overrideAccess: true,
    })
    const login = await api.request('POST', '/api/users/login', { body: { email: 'keeper@example.org', password: 'first password 123' } })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!.split(';')[0]!
    const session = { cookie, origin: env.SITE_URL }
    const own = await api.request('PATCH', `/api/users/${login.body.user.id}`, { body: { password: 'second password 123' }, headers: session })
    expect(own.status).toBe(200)
    expect((await api.request('POST', '/api/users/login', { body: { email: 'keeper@example.org', password: 'second password 123' } })).status).toBe(200)
    const made = await api.request('POST', '/api/app-passwords', { body: { name: 'mine' }, headers: session })
    expect(made.status).toBe(201)
    expect(made.body.doc.password).toMatch(/^(\S{4} ){5}\S{4}$/)
  })
})

describe('signing in by username or e-mail', () => {
  beforeEach(() => signInLimits.clear())

  it('Payload’s login takes either, as `username` (the admin’s form) or `email`, in any case; wrong ones count towards the limit', async () => {
    for (const body of [
      { username: 'actor-author', password: 'author password 123' },
      { username: 'Actor-Author', password: 'author password 123' },
      { username: 'actor-author@example.org', password: 'author password 123' },
      { email: 'actor-author@example.org', password: 'author password 123' },
    ]) {
      const res = await api.request('POST', '/api/users/login', { body })
      expect(res.status).toBe(200)
      expect(res.body.user).toMatchObject({ id: actors.author.id, username: 'actor-author' })
    }
    // GraphQL's loginUser asks for both `email` and `username` (Payload's schema): either may carry the login.
    for (const args of ['email: "", username: "actor-editor"', 'email: "actor-editor@example.org", username: ""', 'email: "actor-editor", username: ""']) {
      const graph = await api.graphql(`mutation { loginUser(${args}, password: "editor password 123") { user { id } } }`)
      expect(graph.body.errors).toBeUndefined()
      expect(graph.body.data.loginUser.user.id).toBe(actors.editor.id)
    }

    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) {
      const res = await api.request('POST', '/api/users/login', { body: { username: 'actor-author', password: `wrong ${i}` } })
      expect(res.status).toBe(401)
      expect(res.body.errors[0].message).toBe('The username or password provided is incorrect.')
    }
    const locked = await api.request('POST', '/api/users/login', { body: { username: 'actor-author', password: 'author password 123' } })
    expect(locked.status).toBe(429)
  })

  it('usernames are kept in lower case; an older mixed-case one still signs in as stored, by login and by HTTP Basic', async () => {
    const made = await api.request('POST', '/api/users', {
      body: { email: 'Mixed@Example.org', username: 'MixedCase', password: 'mixed password 123', role: 'author' },
      headers: actors.administrator.headers,
    })
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({ username: 'mixedcase', email: 'mixed@example.org' })

    // As a username stored before this rule: written below Payload's hooks.
    const legacy = await app.payload.create({ collection: 'users', data: { email: 'legacy@example.org', username: 'legacy-tmp', password: 'legacy password 123', role: 'author' }, overrideAccess: true })
    await app.payload.db.updateOne({ collection: 'users', id: legacy.id, data: { username: 'LegacyUser' } })
    for (const username of ['LegacyUser', 'LEGACY@example.org']) {
      const res = await api.request('POST', '/api/users/login', { body: { username, password: 'legacy password 123' } })
      expect(res.status).toBe(200)
      expect(res.body.user.id).toBe(legacy.id)
    }
    const { password } = await createAppPassword({ ...actors.author, id: legacy.id as number }, 'legacy')
    for (const login of ['LegacyUser', 'LEGACY@example.org']) {
      const me = await api.request('GET', '/api/users/me', { headers: basic(login, password) })
      expect(me.body.user?.id).toBe(legacy.id)
    }
  })
})
