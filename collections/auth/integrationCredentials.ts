import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload'

/**
 * Credentials a script holds (an application password over HTTP Basic, a Payload API key), as opposed
 * to a person's sign-in (session cookie or JWT from the login password). Such a credential is narrow
 * and revocable: it may do what its user's role allows with the calendar, but not change how the
 * account signs in, or revoking it would undo nothing.
 */
const INTEGRATION_STRATEGIES = new Set(['app-password', 'api-key'])

export function signedInByIntegration(req: Pick<PayloadRequest, 'user'>): boolean {
  const strategy = (req.user as { _strategy?: unknown } | null | undefined)?._strategy
  return typeof strategy === 'string' && INTEGRATION_STRATEGIES.has(strategy)
}

/**
 * A 403 with its reason. Named as Payload's own Forbidden, which Payload logs at info: it is the
 * caller's mistake, not a fault (Payload's Forbidden itself carries no message of its own).
 */
export class CredentialChangeRefused extends APIError {
  constructor(what: string) {
    super(`An application password or API key cannot ${what}: sign in with the account's password (the admin, or POST /api/users/login) to do that.`, 403, null, true)
    this.name = 'Forbidden'
  }
}

const refuse = (what: string) => new CredentialChangeRefused(what)

type UserData = { password?: unknown; email?: unknown; enableAPIKey?: unknown; apiKey?: unknown }

/**
 * Users, beforeChange (update): under an integration credential, refuses a new password, a new e-mail
 * (the way to a password reset) and enabling or setting an API key. Creating users (administrators) and
 * everything else stays as the role allows; disabling an API key is allowed (it only takes access away).
 */
export const credentialChangesNeedSignIn: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !signedInByIntegration(req)) return data
  const incoming = data as UserData
  const original = (originalDoc ?? {}) as UserData
  if (typeof incoming.password === 'string' && incoming.password !== '') throw refuse('change a password')
  if (typeof incoming.email === 'string' && incoming.email.toLowerCase().trim() !== original.email) throw refuse('change an e-mail address')
  if (incoming.enableAPIKey === true && original.enableAPIKey !== true) throw refuse('enable an API key')
  if (typeof incoming.apiKey === 'string' && incoming.apiKey !== '' && incoming.apiKey !== original.apiKey) throw refuse('set an API key')
  return data
}

/** Users, beforeOperation: a session (a JWT from refresh-token) is never minted from an integration credential. */
export const sessionsNeedSignIn: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'refresh' && signedInByIntegration(req)) throw refuse('start a session')
  return args
}

/** AppPasswords, beforeOperation: under an integration credential, application passwords are listed, never created or revoked. */
export const appPasswordsNeedSignIn: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if ((operation === 'create' || operation === 'update' || operation === 'delete') && signedInByIntegration(req)) {
    throw refuse(operation === 'create' ? 'create application passwords' : 'revoke or change application passwords')
  }
  return args
}
