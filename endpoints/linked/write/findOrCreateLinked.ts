import type { CollectionSlug } from 'payload'
import { ValidationError } from 'payload'
import { MEDIA } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import { findDuplicate } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import { lockForCreation } from '../../write/lockForCreation.js'
import { createLinked } from '../../data/index.js'
import { storeImage } from '../../write/storeImage.js'
import type { LinkedData, LinkedDoc, LinkedKind, LinkedWriteValues } from '../LinkedKind.js'
import { toWriteData } from './toWriteData.js'

/** Told of every document made on the way (the downloaded image, the new venue), so a failing event write can undo them. */
export type OnCreated = (collection: CollectionSlug, id: number) => void

/** An inline venue (organizer) as data, and the existing one it duplicates (none: it is missing). */
export interface LinkedLookup {
  data: LinkedData
  duplicate: LinkedDoc | undefined
}

/**
 * Looks up the duplicate of an inline venue (organizer) without creating anything, or answers
 * undefined when the lookup itself would: a description's `<img>` is downloaded into the media
 * library as its HTML is converted.
 */
export async function lookupLinked(ctx: RequestContext, kind: LinkedKind, params: LinkedWriteValues, given: ReadonlySet<string>): Promise<LinkedLookup | undefined> {
  if (typeof params.description === 'string' && /<img\b/i.test(params.description)) return undefined
  const data = await toWriteData(ctx, kind, params, given)
  return { data, duplicate: await findDuplicate(ctx, kind, params, data.description) }
}

/** The lock key of an inline venue (organizer) a write may create (see lockForCreation), if it has a name. */
export const linkedLock = (kind: LinkedKind, title: unknown) => (typeof title === 'string' ? [[kind.collection, title] as const] : [])

/**
 * A venue (organizer) as POST /venues (/organizers) makes it, and as an event write's inline venue
 * (organizer) does (reference 7.4 and 6.3): an existing one the caller can read whose fields match
 * (duplicate avoidance; nothing is created), else the image (downloaded only now) and the new post,
 * created as the caller with its status scaled back by the collection (reference 6.5). Payload
 * refusing the data is the reference's 400 could-not-create-venue (-organizer). Inside an event
 * write, `ctx.req` is its transaction, and `looked` the lookup it made earlier in it: a duplicate
 * found then is the answer; otherwise the name is locked and looked up again before creating.
 */
export async function findOrCreateLinked(
  ctx: RequestContext,
  kind: LinkedKind,
  params: LinkedWriteValues,
  given: ReadonlySet<string>,
  onCreated: OnCreated = () => undefined,
  looked?: LinkedLookup,
): Promise<LinkedDoc> {
  if (looked?.duplicate) return looked.duplicate
  const data = looked?.data ?? (await toWriteData(ctx, kind, params, given))
  await lockForCreation(ctx, linkedLock(kind, data.title))
  const duplicate = await findDuplicate(ctx, kind, params, data.description)
  if (duplicate) return duplicate
  const { image } = params
  if (given.has('image') && image !== undefined) {
    data.image = await storeImage(ctx, image)
    if (image && 'url' in image && typeof data.image === 'number') onCreated(MEDIA, data.image)
  }
  try {
    const { title } = data
    // Without a name Payload refuses the post, as it would any data it finds invalid.
    if (title === undefined) throw new RestError(`could-not-create-${kind.name}` as const, 400)
    const doc = await createLinked(ctx, kind.collection, { ...data, title })
    onCreated(kind.collection, doc.id)
    return doc
  } catch (error) {
    if (error instanceof ValidationError) throw new RestError(`could-not-create-${kind.name}` as const, 400)
    throw error
  }
}
