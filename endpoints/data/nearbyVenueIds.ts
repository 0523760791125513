import type { Where } from 'payload'
import { VENUES } from '../../collections/slugs.js'
import type { EventArchiveValues } from '../events/params/eventArchiveParams.js'
import type { RequestContext } from '../types.js'

const EARTH_RADIUS_KM = 6371
const KM_PER_MILE = 1.609344

/**
 * The extended edition's geolocation filter (reference 12): with `geoloc` true, the published venues
 * inside a bounding box (not a circle) of ±R around geoloc_lat/geoloc_lng, R being the configured
 * half-size; without a usable point (missing or 0), every geolocated venue. One query. Undefined
 * when the filter does not apply (`geoloc` absent or false, or the feature switched off).
 */
export async function nearbyVenueIds(ctx: RequestContext, params: Pick<EventArchiveValues, 'geoloc' | 'geoloc_lat' | 'geoloc_lng'>): Promise<number[] | undefined> {
  if (!ctx.options.geoloc || params.geoloc !== true) return undefined
  const { geoloc_lat: lat, geoloc_lng: lng } = params
  const and: Where[] = [
    { status: { equals: 'publish' } },
    { latitude: { exists: true } },
    { longitude: { exists: true } },
    { latitude: { not_equals: 0 } },
    { longitude: { not_equals: 0 } },
  ]
  if (lat && lng) {
    const radians = (ctx.options.geolocRadiusMiles * KM_PER_MILE) / EARTH_RADIUS_KM
    const dLat = (radians * 180) / Math.PI
    const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6)
    and.push(
      { latitude: { greater_than_equal: lat - dLat } },
      { latitude: { less_than_equal: lat + dLat } },
      { longitude: { greater_than_equal: lng - dLng } },
      { longitude: { less_than_equal: lng + dLng } },
    )
  }
  const venues = await ctx.payload.find({
    collection: VENUES,
    where: { and },
    pagination: false,
    depth: 0,
    select: {},
    overrideAccess: false,
    user: ctx.user,
  })
  return venues.docs.map((v) => v.id as number)
}
