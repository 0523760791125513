import type { CollectionConfig } from 'payload'

export const SIGN_IN_FAILURES = 'sign-in-failures'

const never = () => false

/**
 * Hidden: failed sign-in (and event password) counters shared by every server process on the database
 * (see collections/auth/signInLimits.ts and eventPasswordLimits.ts). One row per limited key — an (account, client address) pair or an
 * address — never a password. Only the server and the operator CLI touch it, through the database
 * adapter; rows past `expiresAt` are removed as failures come in.
 */
export const SignInFailures: CollectionConfig = {
  slug: SIGN_IN_FAILURES,
  admin: { hidden: true },
  access: { read: never, create: never, update: never, delete: never },
  timestamps: false,
  fields: [
    // A digest of scope, address and normalised login: bounded length, whatever a client sends.
    { name: 'key', type: 'text', required: true, unique: true },
    // event-password: wrong event passwords from one address (endpoints' unlockEvents), counted alike.
    { name: 'scope', type: 'select', required: true, options: ['pair', 'address', 'event-password'] },
    // The normalised login of a pair (username or e-mail, lower case); empty for an address row.
    { name: 'login', type: 'text', index: true },
    { name: 'address', type: 'text', index: true },
    { name: 'failures', type: 'number', required: true, defaultValue: 0 },
    // Epoch milliseconds: plain numbers compare the same way on every adapter.
    { name: 'windowStart', type: 'number', required: true },
    { name: 'lockedUntil', type: 'number', required: true, defaultValue: 0 },
    { name: 'expiresAt', type: 'number', required: true, index: true },
  ],
}
