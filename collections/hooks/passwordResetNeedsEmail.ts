import { APIError, type CollectionBeforeOperationHook } from 'payload'
import { emailConfigured } from '../../lib/emailConfigured.js'

/**
 * Refuses forgot-password when the server sends no e-mail, instead of answering "sent" for a mail
 * that never leaves (the reset token would be stored for nothing).
 */
export const passwordResetNeedsEmail: CollectionBeforeOperationHook = ({ operation, req, args }) => {
  if (operation !== 'forgotPassword') return args
  if (!emailConfigured(req.payload)) {
    throw new APIError('Password reset by e-mail is not available: this server sends no e-mail (SMTP_URL is not set). Ask an administrator to set a new password.', 501, undefined, true)
  }
  return args
}
