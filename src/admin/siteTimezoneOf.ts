/** The site time zone the admin config carries in `admin.custom.siteTimezone` (see src/payload.config.ts). */
export function siteTimezoneOf(config: { admin?: { custom?: Record<string, unknown> } }): string {
  const zone = config.admin?.custom?.siteTimezone
  return typeof zone === 'string' && zone ? zone : 'UTC'
}
