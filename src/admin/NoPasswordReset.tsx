import type { Payload } from 'payload'
import { emailConfigured } from '../../lib/emailConfigured.js'

/**
 * After the login form. Payload's login form always links to "Forgot password?"; without SMTP_URL
 * that could only fail, so the link is hidden and the way that works is named instead. With e-mail
 * configured it renders nothing.
 */
export function NoPasswordReset({ payload }: { payload: Payload }) {
  if (emailConfigured(payload)) return null
  return (
    <>
      <style>{'.login__form a[href$="/forgot"] { display: none; }'}</style>
      <p className="no-password-reset">Forgot your password? Ask an administrator to set a new one.</p>
    </>
  )
}
