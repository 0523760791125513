import { createLocalReq, executeAccess, type Payload, type PayloadRequest, type SanitizedCollectionConfig, type Where } from 'payload'

/**
 * A collection's read access for a caller, as Payload's find runs it: its read access function on a
 * local request of that user (inside `req`'s transaction when given). false denies every document,
 * true allows every one, a Where narrows them. The reads below the Local API (readBelowLocalApi,
 * eventIdPage) add it to their conditions with combineQueries, as find does.
 */
export async function readAccessOf(payload: Payload, config: SanitizedCollectionConfig, user?: PayloadRequest['user'], req?: Partial<PayloadRequest>): Promise<{ access: boolean | Where; req: PayloadRequest }> {
  const localReq = await createLocalReq({ user: user ?? undefined, req }, payload)
  return { access: await executeAccess({ req: localReq, disableErrors: true }, config.access.read), req: localReq }
}
