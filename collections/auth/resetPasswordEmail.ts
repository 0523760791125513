import type { PayloadRequest } from 'payload'
import { formatAdminURL } from 'payload/shared'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The forgot-password mail with an absolute link on the calendar plugin's siteUrl. Payload has no
 * serverURL here (the admin works from several origins) and would otherwise put a bare path in the
 * mail, or take the origin from the request's Host header.
 */
export const resetPasswordEmail = (siteUrl: string) => (args?: { req?: PayloadRequest; token?: string }): string => {
  const req = args!.req!
  const config = req.payload.config
  const link = formatAdminURL({ adminRoute: config.routes.admin, path: `${config.admin.routes.reset}/${args!.token}`, serverURL: siteUrl })
  return `<p>${escapeHtml(req.t('authentication:youAreReceivingResetPassword'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(req.t('authentication:youDidNotRequestPassword'))}</p>`
}
