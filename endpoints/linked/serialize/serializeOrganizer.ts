import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { Organizer } from '../../data/documents.js'
import { jsonLdDescription, obfuscateEmail } from '../../serialize/html.js'
import type { Related } from '../../serialize/related.js'
import { globalIds, linkedPostHead } from './linkedPostHead.js'
import { isEmpty } from './serializeVenue.js'

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
  ctx: SerializeContext,
  related: Pick<Related, 'media'>,
  options: { jsonLd?: boolean } = {},
) {
  const all: Record<string, unknown> = {
    ...linkedPostHead(organizer, { postType: 'tribe_organizer', titleKey: 'organizer' }, ctx, related),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    json_ld: options.jsonLd ? organizerJsonLd(organizer) : undefined,
    ...globalIds(organizer, ctx),
  }
  const object: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(all)) if (!isEmpty(value)) object[key] = value
  return object
}
