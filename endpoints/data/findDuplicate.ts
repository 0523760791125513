import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { Where } from 'payload'
import type { RequestContext } from '../types.js'
import type { LinkedData, LinkedDoc, LinkedKind, LinkedWriteValues, MatchedField } from '../linked/LinkedKind.js'

const same = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Duplicate avoidance on create (reference 7.4): an existing venue (organizer) the caller can read
 * whose fields match every non-empty field sent, case-insensitively: the name and description
 * exactly, `contains` fields as SQL LIKE, the others exactly. One query narrows the candidates with
 * `contains`; the exact comparisons run on those.
 */
export async function findDuplicate(
  ctx: RequestContext,
  kind: LinkedKind,
  params: LinkedWriteValues,
  description: LinkedData['description'],
): Promise<LinkedDoc | undefined> {
  // The kind's own string fields, by the names its descriptor gives; '' for one not sent.
  const value = (param: string) => {
    const text = params[param]
    return typeof text === 'string' ? text.trim() : ''
  }
  const sent = [{ param: kind.name, field: 'title', match: 'exact' } as MatchedField, ...kind.duplicateFields].filter(({ param }) => value(param) !== '')
  const html = description?.root ? convertLexicalToHTML({ data: description, disableContainer: true }).trim() : ''
  const where: Where = { and: sent.map(({ param, field }) => ({ [field]: { contains: value(param) } })) }
  const candidates = await ctx.payload.find({
    collection: kind.collection,
    where,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
    // Inside an event write's transaction: sees the venues it has just made.
    req: ctx.req,
  })
  return candidates.docs.find((doc) => {
    // The kind's fields are named by strings: read them from a copy indexed by name.
    const fields: Record<string, unknown> = { ...doc }
    return sent.every(({ param, field, match }) => match === 'contains' || same(fields[field], value(param))) && (!html || same(doc.descriptionHtml, html))
  })
}
