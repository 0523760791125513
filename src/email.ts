import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import type { EmailAdapter } from 'payload'
import { NO_EMAIL } from '../lib/emailConfigured.js'

export { emailConfigured, NO_EMAIL } from '../lib/emailConfigured.js'

export interface EmailSettings {
  /** smtp:// or smtps:// URL (credentials in it); undefined: no e-mail. */
  url: string | undefined
  /** Sender, "Name <address>" or a bare address. */
  from: string
}

/** "Calendar <calendar@example.org>" → name and address; a setting without an address is refused. */
function sender(from: string): { name: string; address: string } {
  const [first] = addressparser(from, { flatten: true })
  if (!first?.address || !first.address.includes('@')) throw new Error(`SMTP_FROM must be an e-mail address, optionally with a name: "Calendar <calendar@example.org>" (got "${from}")`)
  return { name: first.name || first.address, address: first.address }
}

/** The SMTP URL without its password, for messages. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}`
}

/**
 * Payload's `email` option. With SMTP_URL, mail goes through nodemailer's SMTP transport (what
 * @payloadcms/email-nodemailer does, which cannot be installed at our Payload version). Without it,
 * an adapter that refuses to send: Payload's default console adapter would log and report success,
 * and a "reset link sent" that never arrives is worse than a clear refusal.
 */
export function emailAdapter(settings: EmailSettings): EmailAdapter {
  const from = sender(settings.from)
  const url = settings.url
  if (!url) {
    return () => ({
      name: NO_EMAIL,
      defaultFromAddress: from.address,
      defaultFromName: from.name,
      sendEmail: async () => {
        throw new Error('No e-mail can be sent: SMTP_URL is not set')
      },
    })
  }
  // A connection per mail (Payload sends rarely: password resets). Shorter waits than nodemailer's
  // defaults (minutes), so a dead mail server fails the request instead of holding it; the URL's own
  // query parameters (e.g. ?connectionTimeout=) still win.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
  return ({ payload }) => {
    payload.logger.info(`E-mail through ${describeSmtpUrl(url)} from ${from.address}`)
    return {
      name: 'smtp',
      defaultFromAddress: from.address,
      defaultFromName: from.name,
      sendEmail: async (message) => transport.sendMail({ from: `"${from.name}" <${from.address}>`, ...message }),
    }
  }
}
