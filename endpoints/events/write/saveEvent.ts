import { commitTransaction, createLocalReq, initTransaction, killTransaction, type PayloadRequest, type RequiredDataFromCollectionSlug } from 'payload'
import { EVENTS } from '../../../collections/slugs.js'
import { trackNewFiles } from '../../../lib/uploads/trackNewFiles.js'
import { sameRequestDates } from '../../dates/parseTimeOnce.js'
import type { Event } from '../../data/documents.js'
import { createEvent, updateEvent, type LocatedEventPost } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import { CreatedDocs } from './CreatedDocs.js'
import { type EventData, eventData } from './eventData.js'
import { prefetchImages } from './prefetchImages.js'
import { resolveEventLinks } from './resolveEventLinks.js'

/**
 * Creates the event (or updates `previous`) as the caller: linked documents first, then the event,
 * whose hooks bump the term counts. All of it runs in one database transaction, so a failure or a
 * crash half-way leaves nothing behind (a rollback also removes the image files it stored, which no
 * database takes back); images are downloaded before it opens. On a database without
 * transactions (MongoDB without a replica set) whatever was created is deleted again instead.
 */
export async function saveEvent(
  ctx: RequestContext,
  params: EventWriteValues,
  sent: Sent<EventWriteValues>,
  previous?: LocatedEventPost,
  /**
   * Makes the event the write updates, in the write's transaction, and answers it (a changed
   * occurrence copied from its series, the new series of a split); `previous` is then the series.
   */
  target?: (req: PayloadRequest) => Promise<LocatedEventPost>,
): Promise<Event> {
  const images = await prefetchImages(ctx, params, sent)
  const req = await createLocalReq({ user: ctx.user ?? undefined }, ctx.payload)
  const inTransaction = await initTransaction(req)
  const files = await trackNewFiles(req, ctx.payload)
  const write: RequestContext = sameRequestDates(ctx, { ...ctx, req, images })
  const created = new CreatedDocs()
  try {
    const links = await resolveEventLinks(write, params, sent, created)
    const updated = target ? await target(req) : previous
    const data = await eventData(write, params, sent, links, updated)
    // A trashed event can still be edited (reference 6.4).
    const doc = updated ? await updateEvent(ctx, req, updated.id, data) : await createEvent(ctx, req, createData(data))
    if (inTransaction) await commitTransaction(req)
    files.keep()
    return doc
  } catch (error) {
    if (inTransaction) {
      await killTransaction(req)
      await files.discard()
    } else await created.remove(ctx)
    throw error
  }
}

/** A create's data: the create route requires the title and both dates, and eventData sets them then. */
function createData(data: EventData): RequiredDataFromCollectionSlug<typeof EVENTS> {
  const { title, startDate, endDate } = data
  if (title === undefined || startDate === undefined || endDate === undefined) throw new Error('An event is created with its title and dates.')
  return { ...data, title, startDate, endDate }
}
