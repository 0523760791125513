import type { File } from 'payload'
import { MEDIA } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'

type WriteCtx = Pick<RequestContext, 'payload' | 'user' | 'req'>

/**
 * The media item with a stored file of that name, the original or, with `sizes`, one of those image
 * sizes, as the caller reads it (in the write's transaction when one is open); null when there is none.
 */
export async function mediaWithFile(ctx: WriteCtx, filename: string, sizes: readonly string[] = []): Promise<number | null> {
  const { docs } = await ctx.payload.find({
    collection: MEDIA,
    where: { or: [{ filename: { equals: filename } }, ...sizes.map((size) => ({ [`sizes.${size}.filename`]: { equals: filename } }))] },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: false,
    user: ctx.user,
    req: ctx.req,
  })
  return docs.length ? docs[0]!.id : null
}

/** A media item made of a downloaded file, as the caller, in the write's transaction when one is open. */
export async function createMedia(ctx: WriteCtx, file: File, alt: string): Promise<number> {
  const media = await ctx.payload.create({ collection: MEDIA, data: { alt }, file, overrideAccess: false, user: ctx.user, req: ctx.req })
  return media.id
}

/** Sets a media item's alternative text, as the caller, in the write's transaction when one is open. */
export async function setMediaAlt(ctx: WriteCtx, id: number, alt: string): Promise<void> {
  await ctx.payload.update({ collection: MEDIA, id, data: { alt }, overrideAccess: false, user: ctx.user, req: ctx.req })
}
