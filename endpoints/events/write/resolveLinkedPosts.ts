import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { ValidationError } from 'payload'
import { MEDIA } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import type { MessageCode } from '../../errors/messages.js'
import { findDuplicate } from '../../linked/query/findDuplicate.js'
import type { LinkedKind } from '../../linked/LinkedKind.js'
import { toWriteData } from '../../linked/write/toWriteData.js'
import type { RequestContext } from '../../types.js'
import type { ImageInput } from '../../params/imageArg.js'
import { storeImage } from '../../write/storeImage.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { LinkedRef } from '../params/linkedPostsArg.js'

/**
 * The IDs of the venues (organizers) of an event write, in the order sent: IDs as they are; inline
 * objects matched to an existing one the caller can see (duplicate avoidance, reference 7.4) or created
 * as the caller, exactly as POST /venues (/organizers) would, status scaled back (reference 6.5).
 * Runs after the permission check; what it creates is recorded in `created`. Payload refusing the
 * data is the reference's 400 could-not-create-venue (-organizer).
 */
export async function resolveLinkedPosts(ctx: RequestContext, kind: LinkedKind, refs: LinkedRef[], created: CreatedDocs): Promise<number[]> {
  const ids: number[] = []
  for (const ref of refs) {
    if ('id' in ref) {
      ids.push(ref.id)
      continue
    }
    const data = await toWriteData(ctx, kind, ref.inline, ref.given)
    const duplicate = await findDuplicate(ctx, kind, ref.inline, data.description as SerializedEditorState | null | undefined)
    if (duplicate) {
      ids.push(duplicate.id)
      continue
    }
    if (ref.given.has('image')) {
      const image = ref.inline.image as ImageInput
      data.image = await storeImage(ctx, image)
      if (image && 'url' in image && data.image !== null) created.add(MEDIA, data.image as number)
    }
    try {
      const doc = await ctx.payload.create({ collection: kind.collection, data: data as never, depth: 0, overrideAccess: false, user: ctx.user, req: ctx.req })
      created.add(kind.collection, doc.id as number)
      ids.push(doc.id as number)
    } catch (error) {
      if (error instanceof ValidationError) throw new RestError(`could-not-create-${kind.name}` as MessageCode, 400)
      throw error
    }
  }
  return [...new Set(ids)]
}
