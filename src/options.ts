import { env } from './env.js'

export interface CalendarPluginOptions {
  /** Maximum `per_page` accepted by list routes (larger values are capped). Default 50. */
  maxPerPage?: number
  /** Geolocation filters of GET /events (geoloc, geoloc_lat, geoloc_lng). Default true. */
  geoloc?: boolean
  /** Half-size, in miles, of the geolocation bounding box. Default 25. */
  geolocRadiusMiles?: number
  /** Serve the same routes under tribe/events/v1 too. Default true. */
  tribeAlias?: boolean
  /** Time zone of events without one and of date filters. Default SITE_TIMEZONE. */
  siteTimezone?: string
  /** Currency symbol shown in `cost` when an event sets none. Default "$". */
  defaultCurrencySymbol?: string
  /** Where that symbol goes. Default "prefix". */
  defaultCurrencyPosition?: 'prefix' | 'postfix'
  /**
   * Let `image` URLs point at loopback and private-network hosts. Off by default, so a caller cannot
   * make the server fetch from inside its own network; tests and intranet deployments turn it on.
   */
  allowPrivateImageHosts?: boolean
  /** Largest image a URL write may download (the transfer stops once it is passed). Default MAX_UPLOAD_BYTES. */
  maxUploadBytes?: number
  /**
   * Pages of the public front end, `{slug}` and `{id}` filled in: the `url` of published events, venues
   * and organizers, the event `website` fallback and `json_ld.url`. Default EVENT_URL_PATTERN (and the
   * venue and organizer ones), i.e. `SITE_URL/event/{slug}/`.
   */
  eventUrlPattern?: string
  venueUrlPattern?: string
  organizerUrlPattern?: string
  /** Further origins this server is reached at: the admin and cookie sign-in work from each. Default SERVER_ORIGINS. */
  serverOrigins?: string[]
  /** Origins that may call with credentials cross-origin (namespace and /api). Default CORS_ORIGINS. */
  corsOrigins?: string[]
}

export type ResolvedCalendarOptions = Required<CalendarPluginOptions>

export const DEFAULT_OPTIONS: ResolvedCalendarOptions = {
  maxPerPage: 50,
  geoloc: true,
  geolocRadiusMiles: 25,
  tribeAlias: true,
  siteTimezone: env.SITE_TIMEZONE,
  defaultCurrencySymbol: '$',
  defaultCurrencyPosition: 'prefix',
  allowPrivateImageHosts: false,
  maxUploadBytes: env.MAX_UPLOAD_BYTES,
  eventUrlPattern: env.EVENT_URL_PATTERN,
  venueUrlPattern: env.VENUE_URL_PATTERN,
  organizerUrlPattern: env.ORGANIZER_URL_PATTERN,
  serverOrigins: env.SERVER_ORIGINS,
  corsOrigins: env.CORS_ORIGINS,
}

/** The only place defaults are applied. */
export function resolveOptions(options: CalendarPluginOptions = {}): ResolvedCalendarOptions {
  return { ...DEFAULT_OPTIONS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) }
}
