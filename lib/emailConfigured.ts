import type { Payload } from 'payload'

/** The adapter's name when no SMTP_URL is set: nothing is sent, and password reset by e-mail is off. */
export const NO_EMAIL = 'none'

/** Whether mail can leave this server (Payload's default console adapter only logs it). */
export function emailConfigured(payload: Payload): boolean {
  const name = payload.email?.name
  return Boolean(name) && name !== NO_EMAIL && name !== 'console'
}
