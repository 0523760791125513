// With SMTP_URL: Payload's forgot-password delivers a mail with a working reset link to a real SMTP
// server on loopback, signed in with the URL's credentials.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { SMTPServer } from 'smtp-server'

interface Received {
  from: string
  to: string[]
  user: string | undefined
  raw: string
}

const received: Received[] = []
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 'smtp-s3cret') callback(null, { user: auth.username })
    else callback(new Error('Invalid username or password'))
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

/** The body of a quoted-printable message part, decoded enough to read a link. */
const unquote = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))

type Modules = {
  app: import('../helpers/initTestApp.js').TestApp
  api: import('../helpers/payloadApi.js').PayloadApi
  email: typeof import('../../src/email.js')
  env: typeof import('../../src/env.js').env
}
let m: Modules

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  // Read by src/env.ts when it is first imported, below.
  process.env.SMTP_URL = `smtp://mailer:smtp-s3cret@127.0.0.1:${port}`
  process.env.SMTP_FROM = 'Calendar Test <calendar@example.org>'
  const { initTestApp } = await import('../helpers/initTestApp.js')
  const { servePayloadApi } = await import('../helpers/payloadApi.js')
  const app = await initTestApp()
  m = { app, api: await servePayloadApi(app), email: await import('../../src/email.js'), env: (await import('../../src/env.js')).env }
})

afterAll(async () => {
  await m?.api.close()
  await m?.app.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  delete process.env.SMTP_URL
  delete process.env.SMTP_FROM
})

describe('e-mail over SMTP', () => {
  it('sends the forgot-password mail with a reset link that resets the password', async () => {
    await m.app.payload.create({
      collection: 'users',
      data: { email: 'reader@example.org', username: 'reader', password: 'the old long password', role: 'subscriber' },
      overrideAccess: true,
    })
    const asked = await m.api.request('POST', '/api/users/forgot-password', { body: { email: 'reader@example.org' } })
    expect(asked.status).toBe(200)
    // Payload answers once the SMTP server has accepted the message.
    expect(received).toHaveLength(1)
    const mail = received[0]!
    expect(mail.user).toBe('mailer')
    expect(mail.from).toBe('calendar@example.org')
    expect(mail.to).toEqual(['reader@example.org'])
    expect(mail.raw).toMatch(/^From: Calendar Test <calendar@example\.org>/m)
    // Absolute, on SITE_URL, whatever Host the request came with.
    const link = /href="(https?:\/\/[^"]+)\/admin\/reset\/([0-9a-f]{40})"/.exec(unquote(mail.raw))
    expect(link).not.toBeNull()
    expect(link![1]).toBe(m.env.SITE_URL)

    // Payload's throttle (one mail per account per 15 s) works on every database: asked again at
    // once, the answer is the same and no second mail leaves.
    const again = await m.api.request('POST', '/api/users/forgot-password', { body: { email: 'reader@example.org' } })
    expect(again.status).toBe(200)
    expect(received).toHaveLength(1)

    const reset = await m.api.request('POST', '/api/users/reset-password', { body: { token: link![2], password: 'a brand new long password' } })
    expect(reset.status).toBe(200)
    const login = await m.api.request('POST', '/api/users/login', { body: { email: 'reader@example.org', password: 'a brand new long password' } })
    expect(login.status).toBe(200)
  })

  it('offers password reset in the admin, and never shows the SMTP password', () => {
    expect(m.email.emailConfigured(m.app.payload)).toBe(true)
    expect(m.app.payload.email.name).toBe('smtp')
    const described = m.email.describeSmtpUrl(process.env.SMTP_URL!)
    expect(described).toMatch(/^smtp:\/\/mailer@127\.0\.0\.1:\d+$/)
    expect(described).not.toContain('smtp-s3cret')
  })
})
