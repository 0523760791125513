import { htmlToRichText } from '../../writes/htmlToRichText.js'
import { initialStatus } from '../../writes/postStatus.js'
import type { Params, RequestContext } from '../../types.js'
import type { CreatedDocs } from './CreatedDocs.js'
import { INLINE_LINKED_POSTS, type InlineLinkedPost, type LinkedKind } from './inlineLinkedPost.js'
import type { LinkedRef } from './linkedPostsArg.js'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'", '#39': "'", nbsp: ' ' }

/** Text for comparing: tags dropped, common entities decoded, spaces collapsed, lowercased. */
function plain(value: unknown): string {
  return String(value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#0?39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/**
 * An existing venue (organizer) the caller can see whose every field also sent matches (reference 7.4's
 * duplicate avoidance: name and description exactly, address contained, the others exactly, all
 * case-insensitively). One query, narrowed by name; the comparison is done here, the same on every adapter.
 */
async function findDuplicate(ctx: RequestContext, spec: InlineLinkedPost, params: Params): Promise<number | undefined> {
  const name = String(params[spec.nameKey]).trim()
  const select = Object.fromEntries(['title', 'descriptionHtml', ...Object.values(spec.fields)].map((f) => [f, true as const]))
  const found = await ctx.payload.find({
    collection: spec.collection,
    where: { or: [{ title: { equals: name } }, { title: { like: name } }] },
    limit: 100,
    sort: 'id',
    depth: 0,
    select,
    overrideAccess: false,
    user: ctx.user,
  })
  const matches = (doc: Record<string, unknown>) =>
    plain(doc.title) === plain(name) &&
    (!given(params.description) || plain(doc.descriptionHtml) === plain(params.description)) &&
    spec.exact.every((arg) => !given(params[arg]) || plain(doc[spec.fields[arg]!]) === plain(params[arg])) &&
    spec.contains.every((arg) => !given(params[arg]) || plain(doc[spec.fields[arg]!]).includes(plain(params[arg])))
  return (found.docs as Array<Record<string, unknown>>).find(matches)?.id as number | undefined
}

/** The stored fields of a new venue (organizer) from its validated create arguments. */
async function inlineData(ctx: RequestContext, kind: LinkedKind, params: Params): Promise<Record<string, unknown>> {
  const spec = INLINE_LINKED_POSTS[kind]
  const data: Record<string, unknown> = { title: params[spec.nameKey], status: initialStatus(ctx, params.status) }
  if (given(params.description)) data.description = await htmlToRichText(ctx.payload, params.description)
  for (const [arg, field] of Object.entries(spec.fields)) if (params[arg] !== undefined) data[field] = params[arg]
  // stateprovince is derived from the state or the province on create (reference 7.4).
  if (kind === 'venue' && params.stateprovince === undefined) data.stateprovince = params.state || params.province || undefined
  return data
}

/**
 * The IDs of the venues (organizers) of an event write, in the order sent: IDs as they are, inline
 * objects matched to an existing one or created as the caller (their status scaled back like any
 * post's, reference 6.5). Runs after the permission check; what it creates is recorded in `created`.
 */
export async function resolveLinkedPosts(ctx: RequestContext, kind: LinkedKind, refs: LinkedRef[], created: CreatedDocs): Promise<number[]> {
  const spec = INLINE_LINKED_POSTS[kind]
  const ids: number[] = []
  for (const ref of refs) {
    if ('id' in ref) {
      ids.push(ref.id)
      continue
    }
    let id = await findDuplicate(ctx, spec, ref.inline)
    if (id === undefined) {
      const doc = await ctx.payload.create({
        collection: spec.collection,
        data: await inlineData(ctx, kind, ref.inline),
        depth: 0,
        overrideAccess: false,
        user: ctx.user,
      })
      id = doc.id as number
      created.add(spec.collection, id)
    }
    ids.push(id)
  }
  return [...new Set(ids)]
}
