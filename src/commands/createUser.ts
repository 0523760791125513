import type { Payload } from 'payload'
import { isRole, type Role, ROLES } from '../../collections/roles.js'
import { USERS } from '../../collections/slugs.js'
import { CommandError } from './CommandError.js'
import { checkPassword } from './passwordRule.js'

export interface CreateUserInput {
  email?: string
  username?: string
  password?: string
  role?: string
}

/**
 * The checks that need no database (run before Payload boots, so they answer at once). The password is
 * the CLI's to read (readSecret) after these, and checked with checkPassword then.
 */
export function checkNewUser(input: CreateUserInput): asserts input is CreateUserInput & { role: Role } {
  const missing = (['email', 'username', 'role'] as const).filter((k) => !input[k])
  if (missing.length) throw new CommandError(`missing ${missing.map((k) => `--${k}`).join(', ')}`)
  if (!isRole(input.role)) throw new CommandError(`--role must be one of ${ROLES.join(', ')}`)
}

/** users:create: a user with a role, made with operator rights. */
export async function createUser(payload: Payload, input: CreateUserInput) {
  checkNewUser(input)
  const password = checkPassword(input.password)
  const email = input.email!.toLowerCase().trim()
  // Checked first so the answer names what is taken (the unique index would only say "invalid").
  for (const [field, value, label] of [['email', email, 'e-mail'], ['username', input.username!, 'username']] as const) {
    const taken = await payload.count({ collection: USERS, where: { [field]: { equals: value } }, overrideAccess: true })
    if (taken.totalDocs) throw new CommandError(`a user with ${label} "${value}" already exists`)
  }
  const user = await payload.create({
    collection: USERS,
    data: { email, username: input.username!, password, role: input.role },
    overrideAccess: true,
  })
  return { id: user.id, email: user.email, username: input.username!, role: input.role }
}
