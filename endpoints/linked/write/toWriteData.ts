import { parseTimeOnce } from '../../dates/parseTimeOnce.js'
import { htmlToRichText } from '../../write/htmlToRichText.js'
import type { RequestContext } from '../../types.js'
import type { LinkedData, LinkedKind, LinkedWriteValues } from '../LinkedKind.js'

/**
 * The stored fields a write sets, from the parameters the caller sent and only those
 * (docs/api.md, deliberate difference 1: an absent field keeps its value; "" clears it). The image is left to the handler,
 * which stores a downloaded one only once nothing else can fail.
 */
export async function toWriteData(ctx: RequestContext, kind: LinkedKind, params: LinkedWriteValues, given: ReadonlySet<string>): Promise<LinkedData> {
  const data: LinkedData = {}
  const text = (name: string) => {
    // The name and the plain fields are declared as strings; their parse returns one whenever they are sent.
    const value = params[name]
    return typeof value === 'string' ? value : undefined
  }
  if (given.has(kind.name)) data.title = text(kind.name)
  if (given.has('description') && params.description !== undefined) data.description = await htmlToRichText(ctx, params.description)
  if (given.has('author')) data.author = params.author
  if (given.has('status')) data.status = params.status
  // One publication date: date_utc when both are sent, else date read in the site time zone.
  const published = given.has('date_utc')
    ? parseTimeOnce(ctx, params.date_utc, 'UTC')
    : given.has('date')
      ? parseTimeOnce(ctx, params.date, ctx.options.siteTimezone)
      : null
  if (published) data.publishedAt = published.toUTC().toISO()
  // Only date_utc gives a draft its GMT date (the reference sends post_date_gmt for it alone; postDates).
  if (published && given.has('date_utc')) data.dateGiven = true
  for (const [param, field] of Object.entries(kind.plainFields)) if (given.has(param)) data[field] = text(param)
  return data
}
