import { RestError } from '../../errors/RestError.js'
import type { LinkedWriteValues } from '../../linked/LinkedKind.js'
import type { RequestContext } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import type { DownloadedImage } from '../../write/downloadImage.js'
import type { ImageInput } from '../../params/imageArg.js'
import { loadJsdom } from '../../write/loadJsdom.js'
import { fetchImage, mayStoreImagesByUrl, refusal } from '../../write/storeImage.js'

/** The `image` URLs an event write would download: its own and those of inline venues and organizers. */
function imageUrls(params: EventWriteValues, sent: Sent<EventWriteValues>, inline: LinkedWriteValues[]): string[] {
  const inputs: ImageInput[] = []
  if (sent('image') && params.image !== undefined) inputs.push(params.image)
  for (const entry of inline) if (entry.image !== undefined) inputs.push(entry.image)
  return inputs.flatMap((input) => (input && 'url' in input ? [input.url] : []))
}

/** The `<img>` sources of the descriptions that are on another site (this site's own images are linked, not fetched). */
async function descriptionImageUrls(ctx: RequestContext, descriptions: unknown[]): Promise<string[]> {
  const ours = new Set([new URL(ctx.options.siteUrl).origin, ctx.restRoot ? new URL(ctx.restRoot).origin : ''])
  const urls: string[] = []
  for (const html of descriptions) {
    if (typeof html !== 'string' || !/<img\b/i.test(html)) continue
    const JSDOM = await loadJsdom()
    for (const img of new JSDOM(html).window.document.querySelectorAll('img')) {
      const src = img.getAttribute('src') ?? ''
      if (!URL.canParse(src) || !/^https?:$/.test(new URL(src).protocol)) continue
      if (!ours.has(new URL(src).origin)) urls.push(src)
    }
  }
  return urls
}

/**
 * Downloads the images of an event write before its transaction opens, so no download (up to the
 * download timeout) runs while the write holds the database's write lock (SQLite has one per database).
 * A refused featured image is 400 image-download-failed at once, as storeImage would answer; a refused
 * description image is remembered as refused (storeDescriptionImage then keeps it as sent, and logs
 * it once if the filtered description still has it). Description images of writers who may not attach
 * images by URL are not fetched at all. Each image is tried once: nothing is retried on the request's time.
 */
export async function prefetchImages(ctx: RequestContext, params: EventWriteValues, sent: Sent<EventWriteValues>): Promise<Map<string, DownloadedImage | Error>> {
  const inline: LinkedWriteValues[] = []
  for (const name of ['venue', 'organizer'] as const) {
    if (sent(name)) for (const ref of params[name] ?? []) if ('inline' in ref) inline.push(ref.inline)
  }
  const images = new Map<string, DownloadedImage | Error>()
  for (const url of new Set(imageUrls(params, sent, inline))) {
    try {
      images.set(url, await fetchImage(ctx, url))
    } catch (err) {
      ctx.payload.logger.warn({ url, reason: refusal(err) }, 'image download refused')
      throw new RestError('image-download-failed', 400)
    }
  }
  if (!mayStoreImagesByUrl(ctx.user)) return images
  const descriptions = [sent('description') ? params.description : undefined, ...inline.map((entry) => entry.description)]
  for (const url of new Set(await descriptionImageUrls(ctx, descriptions))) {
    if (!images.has(url)) images.set(url, await fetchImage(ctx, url).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))))
  }
  return images
}
