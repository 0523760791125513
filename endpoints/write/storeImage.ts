import { MEDIA } from '../../collections/slugs.js'
import { RestError } from '../errors/RestError.js'
import type { RequestContext } from '../types.js'
import { downloadImage, type DownloadedImage } from './downloadImage.js'
import type { ImageInput } from '../params/imageArg.js'

/** Downloads an image URL with the limits of the plugin options (see downloadImage). */
export function fetchImage(ctx: Pick<RequestContext, 'options'>, url: string): Promise<DownloadedImage> {
  return downloadImage(url, { maxBytes: ctx.options.maxUploadBytes, allowPrivateHosts: ctx.options.allowPrivateImageHosts })
}

/**
 * The media ID for an image input: an existing ID as is; a URL downloaded into media (reference 6.3:
 * a HEAD check that it is an image, then a sideload) as the caller, or 400 image-download-failed.
 * Runs in the handler, after the permission check, so anonymous callers never make the server fetch.
 * The download is capped at the maxUploadBytes option and refused for non-public addresses unless
 * allowPrivateImageHosts is set (downloadImage); one fetched beforehand (ctx.images) is not fetched again.
 */
export async function storeImage(ctx: Pick<RequestContext, 'payload' | 'user' | 'options' | 'req' | 'images'>, input: ImageInput): Promise<number | null> {
  if (input === null) return null
  if ('id' in input) return input.id
  let file: DownloadedImage
  try {
    const fetched = ctx.images?.get(input.url)
    if (fetched instanceof Error) throw fetched
    file = fetched ?? (await fetchImage(ctx, input.url))
  } catch (err) {
    ctx.payload.logger.info({ err, url: input.url }, 'image download refused')
    throw new RestError('image-download-failed', 400)
  }
  try {
    const media = await ctx.payload.create({
      collection: MEDIA,
      data: { alt: file.name },
      file: { ...file, size: file.data.length },
      overrideAccess: false,
      user: ctx.user,
      req: ctx.req,
    })
    return media.id as number
  } catch {
    // Payload refuses files its image processing cannot read.
    throw new RestError('image-download-failed', 400)
  }
}
