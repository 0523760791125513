import type { TextFieldSingleValidation } from 'payload'
import { unlessUnchanged } from './unlessUnchanged.js'

export const EMAIL_MESSAGE = 'Enter an e-mail address such as name@example.org.'

// One dot-atom local part, then a host name with at least one dot (what WordPress's is_email() accepts).
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/**
 * Whether `value` is an e-mail address. Stricter than the reference, which stores any string
 * (reference 8): an address that is not one cannot be mailed or obfuscated usefully.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

/** Field validate of an organizer's `email` (surrounding spaces are the namespace's to trim). */
export const validateEmail: TextFieldSingleValidation = unlessUnchanged((value) =>
  typeof value === 'string' && isEmailAddress(value.trim()) ? true : EMAIL_MESSAGE,
)
