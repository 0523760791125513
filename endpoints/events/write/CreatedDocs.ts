import type { CollectionSlug } from 'payload'
import type { RequestContext } from '../../types.js'
import { removeCreated } from '../../data/index.js'

/**
 * Documents an event write created on the way (inline venues and organizers, new terms, a downloaded
 * image), so a write that fails afterwards leaves nothing behind on a database without transactions
 * (MongoDB without a replica set): deleting through Payload removes a media row and its files.
 */
export class CreatedDocs {
  private readonly docs: Array<{ collection: CollectionSlug; id: number }> = []

  add(collection: CollectionSlug, id: number): void {
    this.docs.push({ collection, id })
  }

  /** Deletes them, newest first, past access control (they are the caller's own, just made). */
  async remove(ctx: RequestContext): Promise<void> {
    for (const { collection, id } of this.docs.splice(0).reverse()) {
      await removeCreated(ctx, collection, id).catch((err: unknown) => {
        ctx.payload.logger.error({ err, collection, id }, 'could not remove a document made by a failed event write')
      })
    }
  }
}
