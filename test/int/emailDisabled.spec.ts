// Without SMTP_URL: no mail is sent, nothing pretends it was, and the admin's login page does not
// offer a password reset by e-mail.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

type Modules = {
  app: import('../helpers/initTestApp.js').TestApp
  api: import('../helpers/payloadApi.js').PayloadApi
  email: typeof import('../../src/email.js')
}
let m: Modules

beforeAll(async () => {
  // Read by src/env.ts when it is first imported, below.
  delete process.env.SMTP_URL
  const { initTestApp } = await import('../helpers/initTestApp.js')
  const { servePayloadApi } = await import('../helpers/payloadApi.js')
  const app = await initTestApp()
  m = { app, api: await servePayloadApi(app), email: await import('../../src/email.js') }
})

afterAll(async () => {
  await m?.api.close()
  await m?.app.close()
})

describe('no SMTP_URL', () => {
  it('refuses forgot-password with a clear error and stores no reset token', async () => {
    const user = await m.app.payload.create({
      collection: 'users',
      data: { email: 'reader@example.org', username: 'reader', password: 'the old long password', role: 'subscriber' },
      overrideAccess: true,
    })
    const asked = await m.api.request('POST', '/api/users/forgot-password', { body: { email: 'reader@example.org' } })
    expect(asked.status).toBe(501)
    expect(asked.body.errors[0].message).toMatch(/not available: this server sends no e-mail \(SMTP_URL is not set\)/)
    expect(JSON.stringify(asked.body)).not.toMatch(/success|sent/i)
    const stored = await m.app.payload.findByID({ collection: 'users', id: user.id, showHiddenFields: true, overrideAccess: true })
    expect(stored.resetPasswordToken ?? null).toBeNull()

    // An unknown address gets the same answer: the refusal tells nothing about accounts.
    const unknown = await m.api.request('POST', '/api/users/forgot-password', { body: { email: 'nobody@example.org' } })
    expect(unknown.status).toBe(501)
  })

  it('fails a send instead of logging it as sent (Payload’s console adapter would)', async () => {
    expect(m.app.payload.email.name).toBe(m.email.NO_EMAIL)
    await expect(m.app.payload.sendEmail({ to: 'reader@example.org', subject: 'Hello', text: 'Hi' })).rejects.toThrow(/SMTP_URL is not set/)
  })

  it('hides "Forgot password?" on the admin login page', () => {
    // The component after the login form hides the link when emailConfigured is false; the rendered
    // page is checked in Chromium by test/e2e/passwordReset.e2e.ts.
    expect(m.app.payload.config.admin.components.afterLogin).toContain('/admin/NoPasswordReset.tsx#NoPasswordReset')
    expect(m.email.emailConfigured(m.app.payload)).toBe(false)
  })
})
