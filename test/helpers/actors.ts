import type { Role } from '../../collections/roles.js'
import { ROLES } from '../../collections/roles.js'
import type { TestApp } from './initTestApp.js'

export interface Actor {
  id: number
  role: Role | 'anonymous'
  /** Headers that authenticate as this actor (none for anonymous). */
  headers: Record<string, string>
  /** The user object for Local API calls with overrideAccess: false (null for anonymous). */
  user: Record<string, unknown> | null
}

/**
 * One user per role, signed in with a Payload JWT (`Authorization: JWT …`), plus an anonymous actor.
 * `prefix` keeps usernames unique when a suite calls this more than once.
 */
export async function createActors(app: TestApp, prefix = 'actor'): Promise<Record<Role | 'anonymous', Actor>> {
  const actors = { anonymous: { id: 0, role: 'anonymous', headers: {}, user: null } } as Record<Role | 'anonymous', Actor>
  for (const role of ROLES) {
    const email = `${prefix}-${role}@example.org`
    const password = `${role} password 123`
    const user = await app.payload.create({
      collection: 'users',
      data: { email, username: `${prefix}-${role}`, password, role },
      overrideAccess: true,
    })
    const { token } = await app.payload.login({ collection: 'users', data: { email, password } })
    actors[role] = {
      id: user.id as number,
      role,
      headers: { authorization: `JWT ${token}` },
      user: { ...user, collection: 'users' },
    }
  }
  return actors
}
