import { hasCapability } from '../../collections/access/capabilities.js'
import { createMedia } from '../data/index.js'
import { RestError } from '../errors/RestError.js'
import type { RequestContext } from '../types.js'
import { downloadImage, type DownloadedImage } from './downloadImage.js'
import type { ImageInput } from '../params/imageArg.js'

/** Downloads an image URL with the limits of the plugin options (see downloadImage). */
export function fetchImage(ctx: Pick<RequestContext, 'options'>, url: string): Promise<DownloadedImage> {
  return downloadImage(url, { maxBytes: ctx.options.maxUploadBytes, allowPrivateHosts: ctx.options.allowPrivateOutbound })
}

/** Why a download failed, in one line (the stack of a refused download says nothing useful). */
export const refusal = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err))

/**
 * Whether the writer's description images are downloaded into media: WordPress's upload_files
 * (contributors lack it; their images stay external), or the operator's own writes (no user: the
 * importers, seeding). Namespace callers without a user never get this far (401 first).
 */
export const mayStoreImagesByUrl = (user: unknown): boolean => !user || hasCapability(user, 'upload_files')

/**
 * The media ID for an image input: an existing ID as is; a URL downloaded into media (reference 6.3:
 * a HEAD check that it is an image, then a sideload) as the caller, or 400 image-download-failed.
 * Runs in the handler, after the permission check, so anonymous callers never make the server fetch.
 * The download is capped at the maxUploadBytes option and refused for non-public addresses unless
 * allowPrivateOutbound is set (downloadImage); one fetched beforehand (ctx.images) is not fetched again.
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
    ctx.payload.logger.warn({ url: input.url, reason: refusal(err) }, 'image download refused')
    throw new RestError('image-download-failed', 400)
  }
  try {
    return await createMedia(ctx, { ...file, size: file.data.length }, file.name)
  } catch {
    // Payload refuses files its image processing cannot read.
    throw new RestError('image-download-failed', 400)
  }
}

/**
 * A description `<img>` from another site as a media ID, or null when it is not stored: the writer
 * may not attach images by URL (no fetch at all), or the download failed (one warn line, no retry).
 * Another site's outage or hotlink refusal must not cost the editor the save: the caller keeps the
 * image as sent instead. A download prefetched for this write (ctx.images) is not made again.
 */
export async function storeDescriptionImage(ctx: Pick<RequestContext, 'payload' | 'user' | 'options' | 'req' | 'images'>, src: string): Promise<number | null> {
  // One downloaded beforehand by whoever may (the namespace for permitted writers, an operator's import) is stored.
  const fetched = ctx.images?.get(src)
  if (!(fetched && !(fetched instanceof Error)) && !mayStoreImagesByUrl(ctx.user)) return null
  if (!URL.canParse(src)) return null
  try {
    return await storeImage(ctx, { url: src })
  } catch {
    return null
  }
}
