import type { RequestContext } from '../../types.js'
import type { Organizer } from '../../data/documents.js'
import { relationId } from '../../../collections/relationIds.js'
import { jsonLdDescription, obfuscateEmail } from '../../serialize/html.js'
import { serializeImage } from '../../serialize/serializeImage.js'
import { postDates, wireStatus } from '../../serialize/postDates.js'
import type { Related } from '../../serialize/related.js'
import { globalId, permalink } from '../../serialize/site.js'
import { isEmpty } from './serializeVenue.js'
import { wireSlug } from '../../serialize/wireSlug.js'

/** The organizer's schema.org Person (also the `organizer` of an event's JSON-LD). */
export function organizerJsonLd(organizer: Organizer): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: organizer.title,
    description: jsonLdDescription(organizer.descriptionHtml),
    url: organizer.website ?? '',
    telephone: organizer.phone ?? '',
    email: organizer.email ? obfuscateEmail(organizer.email) : '',
    sameAs: organizer.website ?? '',
  }
}

/** The organizer object of reference 8, keys in its order, empty values dropped everywhere. */
export function serializeOrganizer(
  organizer: Organizer,
  ctx: RequestContext,
  related: Pick<Related, 'media'>,
  options: { jsonLd?: boolean } = {},
) {
  const all: Record<string, unknown> = {
    id: organizer.id,
    author: String(relationId(organizer.author) ?? '0'),
    status: wireStatus(organizer),
    ...postDates(organizer, ctx.options.siteTimezone),
    url: permalink('tribe_organizer', organizer, ctx.options),
    organizer: organizer.title,
    description: organizer.descriptionHtml ?? '',
    excerpt: '',
    slug: wireSlug(organizer),
    image: serializeImage(related.media.get(relationId(organizer.image) ?? 0), ctx.options.siteUrl),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    json_ld: options.jsonLd ? organizerJsonLd(organizer) : undefined,
    global_id: globalId(organizer.id, ctx.options.siteUrl),
    global_id_lineage: [globalId(organizer.id, ctx.options.siteUrl)],
  }
  const object: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(all)) if (!isEmpty(value)) object[key] = value
  return object
}
