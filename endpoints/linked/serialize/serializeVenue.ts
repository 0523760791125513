import { venueFlag } from '../../../collections/fields/venueMapFlag.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { Venue } from '../../data/documents.js'
import { jsonLdDescription } from '../../serialize/html.js'
import type { Related } from '../../serialize/related.js'
import { globalIds, linkedPostHead } from './linkedPostHead.js'

/** The venue's schema.org Place (also the `location` of an event's JSON-LD). */
export function venueJsonLd(venue: Venue): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@type': 'Place',
    name: venue.title,
    description: jsonLdDescription(venue.descriptionHtml),
    url: '',
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.address ?? '',
      addressLocality: venue.city ?? '',
      addressRegion: venue.state || venue.province || venue.stateprovince || '',
      postalCode: venue.zip ?? '',
      addressCountry: venue.country ?? '',
    },
    telephone: venue.phone ?? '',
    sameAs: venue.website ?? '',
  }
  if (hasCoordinates(venue)) ld.geo = { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude }
  return ld
}

function hasCoordinates(venue: Venue): boolean {
  return Boolean(venue.latitude && venue.longitude)
}

/**
 * The venue object of reference 7.2, keys in its order. Every empty or falsy value among the first
 * keys is dropped (PHP's empty(): "", "0", 0, false); show_map, show_map_link and the global IDs follow.
 */
export function serializeVenue(venue: Venue, ctx: SerializeContext, related: Pick<Related, 'media'>, options: { jsonLd?: boolean } = {}): Record<string, unknown> {
  const head: Record<string, unknown> = {
    ...linkedPostHead(venue, { postType: 'tribe_venue', titleKey: 'venue' }, ctx, related),
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: venue.stateprovince || venue.state || venue.province,
    geo_lat: hasCoordinates(venue) ? venue.latitude : undefined,
    geo_lng: hasCoordinates(venue) ? venue.longitude : undefined,
    json_ld: options.jsonLd ? venueJsonLd(venue) : undefined,
  }
  const object: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(head)) if (!isEmpty(value)) object[key] = value
  object.show_map = venueFlag(venue.showMap)
  object.show_map_link = venueFlag(venue.showMapLink)
  return { ...object, ...globalIds(venue, ctx) }
}

/** PHP's empty(). */
export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === '' || value === '0' || value === 0
}
