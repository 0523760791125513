import type { CollectionSlug } from 'payload'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

/** Deletes for good a document a failed write made (the caller's own, just made), past access control. */
export async function removeCreated(ctx: RequestContext, collection: CollectionSlug, id: number): Promise<void> {
  await ctx.payload.delete({ collection, id, ...pastAccess('createdDocs'), trash: true })
}
