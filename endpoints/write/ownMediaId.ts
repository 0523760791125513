import { MEDIA } from '../../collections/slugs.js'
import { ownUrl } from '../serialize/site.js'
import { mediaWithFile } from '../data/index.js'
import type { RequestContext } from '../types.js'

/**
 * The media item an image URL on this site points at (WordPress recognises its own attachment URLs
 * instead of sideloading a copy): SITE_URL or any SERVER_ORIGINS origin, then Payload's file path
 * (<api route>/media/file/<filename>), the original or any of its sizes. Returns undefined when the URL
 * is not one of this site's media addresses, null when it is but no media item has that file.
 */
export async function ownMediaId(ctx: RequestContext, url: string): Promise<number | null | undefined> {
  const filename = ownMediaFilename(ctx, url)
  if (filename === undefined) return undefined
  const sizes = ctx.payload.collections[MEDIA]?.config.upload?.imageSizes ?? []
  return mediaWithFile(ctx, filename, sizes.map((size) => size.name))
}

function ownMediaFilename(ctx: RequestContext, url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  // Media URLs on the wire are ownUrl(<path>): siteUrl, which may carry a path (a site under /calendar).
  const site = new URL(ownUrl('/', ctx.options.siteUrl))
  const sitePath = site.pathname.replace(/\/$/, '')
  const origins = new Set([site.origin, ...ctx.options.serverOrigins.map((o) => new URL(o).origin)])
  if (!origins.has(parsed.origin)) return undefined
  const filePath = `${ctx.payload.config.routes.api}/${MEDIA}/file/`
  for (const prefix of [`${sitePath}${filePath}`, filePath]) {
    if (!parsed.pathname.startsWith(prefix)) continue
    const rest = parsed.pathname.slice(prefix.length)
    if (!rest || rest.includes('/')) return undefined
    try {
      return decodeURIComponent(rest)
    } catch {
      return undefined
    }
  }
  return undefined
}
