import { relationId } from '../../../collections/relationIds.js'
import type { Organizer, Venue } from '../../data/documents.js'
import { postDates, wireStatus } from '../../serialize/postDates.js'
import type { Related } from '../../serialize/related.js'
import { serializeImage } from '../../serialize/serializeImage.js'
import { globalId, permalink } from '../../serialize/site.js'
import { wireSlug } from '../../serialize/wireSlug.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'

/** The keys a venue and an organizer both open with, in the reference's order (reference 7.2, 8). */
export function linkedPostHead(
  post: Venue | Organizer,
  kind: { postType: 'tribe_venue' | 'tribe_organizer'; titleKey: 'venue' | 'organizer' },
  ctx: SerializeContext,
  related: Pick<Related, 'media'>,
): Record<string, unknown> {
  return {
    id: post.id,
    author: String(relationId(post.author) ?? '0'),
    status: wireStatus(post),
    ...postDates(post, ctx.options.siteTimezone),
    url: permalink(kind.postType, post, ctx.options),
    [kind.titleKey]: post.title,
    description: post.descriptionHtml ?? '',
    excerpt: '',
    slug: wireSlug(post),
    image: serializeImage(related.media.get(relationId(post.image) ?? 0), ctx.options.siteUrl),
  }
}

/** Both global ID keys of a venue or an organizer. */
export function globalIds(post: Venue | Organizer, ctx: SerializeContext) {
  const id = globalId(post.id, ctx.options.siteUrl)
  return { global_id: id, global_id_lineage: [id] }
}
