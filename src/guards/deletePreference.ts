import { NotFound, type PayloadHandler, UnauthorizedError, type Where } from 'payload'

const PREFERENCES = 'payload-preferences'

/**
 * `DELETE /api/payload-preferences/:key` as Payload's own handler means it: the caller's preference
 * of that key is deleted, or 404. Payload's handler hands its where (`user.value`, `user.relationTo`:
 * a polymorphic relationship) to the SQL adapters' deleteOne, which builds a query without the join
 * it needs (`no such column …users_id`), so every call answered 500. Found as find does, deleted by ID.
 */
export const deletePreference: PayloadHandler = async (req) => {
  if (!req.user) throw new UnauthorizedError(req.t)
  const where: Where = {
    and: [{ key: { equals: req.routeParams?.key } }, { 'user.value': { equals: req.user.id } }, { 'user.relationTo': { equals: req.user.collection } }],
  }
  const { docs } = await req.payload.db.find({ collection: PREFERENCES, limit: 1, pagination: false, req, where })
  const id = (docs[0] as { id?: number | string } | undefined)?.id
  if (id === undefined) throw new NotFound(req.t)
  const deleted = await req.payload.db.deleteOne({ collection: PREFERENCES, req, where: { id: { equals: id } } })
  return Response.json({ ...deleted, message: req.t('general:deletedSuccessfully') }, { status: 200 })
}

/** Puts deletePreference in place of Payload's handler on its preferences collection, if there is one. */
export function replacePreferenceDelete(endpoints: Array<{ method: string; path: string; handler: PayloadHandler }> | false | undefined): void {
  const endpoint = endpoints ? endpoints.find((e) => e.method === 'delete' && e.path === '/:key') : undefined
  if (endpoint) endpoint.handler = deletePreference
}
