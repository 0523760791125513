import { USERS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

/** Whether a user has the ID, read past access control; nothing about the user is returned. */
export async function userExists(ctx: RequestContext, id: number): Promise<boolean> {
  const found = await ctx.payload.find({
    collection: USERS,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    select: {},
    ...pastAccess('userExists'),
  })
  return found.docs.length > 0
}
