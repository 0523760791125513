import { RestError } from '../../errors/RestError.js'
import type { Params } from '../../types.js'
import type { RequestContext } from '../../types.js'
import type { DownloadedImage } from '../../writes/downloadImage.js'
import type { ImageInput } from '../../writes/imageArg.js'
import { fetchImage } from '../../writes/storeImage.js'
import type { LinkedRef } from './linkedPostsArg.js'

/** The image URLs an event write would download: its own `image` and those of inline venues and organizers. */
function imageUrls(params: Params, sent: (name: string) => boolean): string[] {
  const inputs: ImageInput[] = []
  if (sent('image')) inputs.push(params.image as ImageInput)
  for (const name of ['venue', 'organizer']) {
    if (!sent(name)) continue
    for (const ref of (params[name] as LinkedRef[] | null) ?? []) if ('inline' in ref && ref.given.has('image')) inputs.push(ref.inline.image as ImageInput)
  }
  return [...new Set(inputs.flatMap((input) => (input && 'url' in input ? [input.url] : [])))]
}

/**
 * Downloads the images of an event write before its transaction opens, so no download (up to the
 * download timeout) runs while the write holds the database's write lock (SQLite has one per database).
 * A refused download is 400 image-download-failed, as storeImage would answer.
 */
export async function prefetchImages(ctx: RequestContext, params: Params, sent: (name: string) => boolean): Promise<Map<string, DownloadedImage>> {
  const images = new Map<string, DownloadedImage>()
  for (const url of imageUrls(params, sent)) {
    try {
      images.set(url, await fetchImage(ctx, url))
    } catch (err) {
      ctx.payload.logger.info({ err, url }, 'image download refused')
      throw new RestError('image-download-failed', 400)
    }
  }
  return images
}
