import type { Sort, Where } from 'payload'
import type { RequestContext } from '../types.js'
import type { LinkedKind } from '../linked/LinkedKind.js'
import { orderByPostDate } from '../linked/query/orderByPostDate.js'

type Dated = { id: number; publishedAt?: unknown; createdAt?: unknown }

/**
 * One page of the IDs matching `where` in WordPress's archive order (reference 7.1: post date
 * descending, then ID descending), and the total. The post date is the publication date, or the
 * creation date when there is none. No sort expresses that alike on every adapter (null dates sort
 * first on one, last on another), so posts with a publication date and posts without are sorted
 * apart: when only one kind matches (the usual case) the database pages it; otherwise the first
 * `page × perPage` of each are merged. At most four queries, whatever the page size.
 */
export async function pageByPostDate(
  ctx: RequestContext,
  kind: LinkedKind,
  where: Where,
  options: { trash: boolean; page: number; perPage: number },
): Promise<{ ids: number[]; total: number }> {
  const { page, perPage } = options
  const read = { collection: kind.collection, trash: options.trash, depth: 0, overrideAccess: false, user: ctx.user } as const
  const bucket = (dated: boolean): Where => ({ and: [where, { publishedAt: { exists: dated } }] })
  const sort = (dated: boolean): Sort => (dated ? ['-publishedAt', '-id'] : ['-createdAt', '-id'])
  const select = { publishedAt: true, createdAt: true } as const

  const [dated, undated] = await Promise.all(
    [true, false].map(async (d) => (await ctx.payload.count({ ...read, where: bucket(d) })).totalDocs),
  ) as [number, number]
  const total = dated + undated
  if ((page - 1) * perPage >= total) return { ids: [], total }

  if (!dated || !undated) {
    const d = dated > 0
    const found = await ctx.payload.find({ ...read, where: bucket(d), sort: sort(d), page, limit: perPage, select })
    return { ids: found.docs.map((doc) => doc.id as number), total }
  }
  const limit = page * perPage
  const both = await Promise.all(
    [true, false].map((d) => ctx.payload.find({ ...read, where: bucket(d), sort: sort(d), limit, pagination: false, select })),
  )
  const ids = orderByPostDate(both.flatMap((found): Dated[] => found.docs))
    .slice((page - 1) * perPage, limit)
    .map((doc) => doc.id)
  return { ids, total }
}
