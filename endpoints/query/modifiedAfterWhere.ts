import type { Where } from 'payload'
import { parseTimeOnce } from '../dates/parseTimeOnce.js'
import { storedInstant } from '../dates/storedInstant.js'
import type { RequestContext } from '../types.js'

/**
 * `modified_after` → posts whose last change (`updatedAt`, the `modified` the serializers show) comes
 * after it, at the wire's precision: a second. The date is taken as given, not widened to its day as
 * the event date filters are: a client passes the `modified_utc` it last saw, and wants what is newer.
 */
export function modifiedAfterWhere(ctx: RequestContext, raw: unknown): Where | undefined {
  if (raw === undefined) return undefined
  const at = parseTimeOnce(ctx, raw, ctx.options.siteTimezone)
  if (!at) return undefined
  return { updatedAt: { greater_than_equal: storedInstant(at.toUTC().startOf('second').plus({ seconds: 1 })) } }
}
