import type { CollectionSlug } from 'payload'
import type { RequestContext } from '../../types.js'
import { pastAccess } from '../../data/index.js'

/**
 * Documents an event write created on the way (inline venues and organizers, new terms, a downloaded
 * image), so a write that fails afterwards leaves nothing behind. Compensation rather than a database
 * transaction: the SQLite adapter runs without transactions, and a rolled-back media row would still
 * leave its file on disk; deleting through Payload removes both.
 */
export class CreatedDocs {
  private readonly docs: Array<{ collection: CollectionSlug; id: number }> = []

  add(collection: CollectionSlug, id: number): void {
    this.docs.push({ collection, id })
  }

  /** Deletes them, newest first, past access control (they are the caller's own, just made). */
  async remove(ctx: RequestContext): Promise<void> {
    for (const { collection, id } of this.docs.splice(0).reverse()) {
      await ctx.payload.delete({ collection, id, ...pastAccess('createdDocs'), trash: true }).catch((err: unknown) => {
        ctx.payload.logger.error({ err, collection, id }, 'could not remove a document made by a failed event write')
      })
    }
  }
}
