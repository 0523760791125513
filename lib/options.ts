import path from 'node:path'

// The plugin's settings. Nothing here reads the environment: src/calendarOptionsFromEnv.ts maps the
// server's variables onto these options, and a host app passes its own.

export interface CalendarPluginOptions {
  /** Origin (and path) of this server: every URL the API emits for itself (rest_url, _links, media). Default http://localhost:3000. */
  siteUrl?: string
  /** Root of the REST namespace, WordPress-style. Default /wp-json. */
  restPrefix?: string
  /** Language segments accepted in front of restPrefix; the first is the default language. Default en, fr, de, es. */
  locales?: string[]
  /** Lifetime of cached anonymous GET answers, in seconds; 0 turns the response cache off. Default 30. */
  cacheTtlSeconds?: number
  /** Memory bound of the response cache, in MiB. Default 64. */
  cacheMaxMb?: number
  /**
   * Memory bound, in MiB, of the cache of the public's events, venues, organizers, terms and images
   * (emptied by every write; see endpoints/cache/documentCache.ts); 0 turns it off. Default 16.
   */
  documentCacheMb?: number
  /** Folder of uploaded images. Default ./data/media. */
  mediaDir?: string
  /** Maximum `per_page` accepted by list routes (larger values are capped). Default 50. */
  maxPerPage?: number
  /**
   * Most event passwords checked by hash (scrypt) for one request; a list's protected events past it
   * stay locked in that answer (verdicts already known cost nothing). Default 10.
   */
  eventPasswordMaxHashes?: number
  /** Geolocation filters of GET /events (geoloc, geoloc_lat, geoloc_lng). Default true. */
  geoloc?: boolean
  /** Half-size, in miles, of the geolocation bounding box. Default 25. */
  geolocRadiusMiles?: number
  /** Serve the same routes under tribe/events/v1 too. Default true. */
  tribeAlias?: boolean
  /** Time zone of events without one and of date filters. Default UTC. */
  siteTimezone?: string
  /** Currency symbol shown in `cost` when an event sets none. Default "$". */
  defaultCurrencySymbol?: string
  /** Where that symbol goes. Default "prefix". */
  defaultCurrencyPosition?: 'prefix' | 'postfix'
  /**
   * Let the server's outbound requests (`image` URLs it downloads, webhook deliveries) go to loopback and
   * private-network hosts. Off by default, so a caller cannot make the server reach inside its own
   * network; tests and intranet deployments turn it on. ALLOW_PRIVATE_OUTBOUND sets it.
   */
  allowPrivateOutbound?: boolean
  /** The former name of allowPrivateOutbound, still read: either one set to true allows it. */
  allowPrivateImageHosts?: boolean
  /** Largest image a URL write may download (the transfer stops once it is passed). Default 10 MiB. */
  maxUploadBytes?: number
  /**
   * Pages of the public front end, `{slug}` and `{id}` filled in: the `url` of published events, venues
   * and organizers, the event `website` fallback and `json_ld.url`. Default `<siteUrl>/event/{slug}/` (`/venue/`,
   * `/organizer/`).
   */
  eventUrlPattern?: string
  venueUrlPattern?: string
  organizerUrlPattern?: string
  /** Further origins this server is reached at: the admin and cookie sign-in work from each. Default none. */
  serverOrigins?: string[]
  /** Origins that may call with credentials cross-origin (namespace and /api). Default none. */
  corsOrigins?: string[]
  /** How far ahead, in months, the occurrences of recurring events are stored (and kept stored as time passes). Default 24. */
  recurrenceHorizonMonths?: number
  /** Most occurrences one recurring event may have within the horizon; a rule making more is refused. Default 1,000. */
  recurrenceMaxOccurrences?: number
  /**
   * Occurrences of recurring events are addressed as this base + their occurrence ID (Events Calendar
   * Pro's provisional IDs); raised by itself when real IDs come near it. Default 10,000,000.
   */
  provisionalIdBase?: number
  /**
   * How many days the change feed (GET …/changes) keeps its changes: older ones are pruned, and a
   * cursor older than that answers 410, for the client to read everything again. Default 30.
   */
  changesRetentionDays?: number
}

export type ResolvedCalendarOptions = Required<CalendarPluginOptions>

/** The defaults that depend on nothing else (the URL patterns follow siteUrl, the media folder the working directory). */
const DEFAULT_OPTIONS: Omit<ResolvedCalendarOptions, 'mediaDir' | 'eventUrlPattern' | 'venueUrlPattern' | 'organizerUrlPattern'> = {
  siteUrl: 'http://localhost:3000',
  restPrefix: '/wp-json',
  locales: ['en', 'fr', 'de', 'es'],
  cacheTtlSeconds: 30,
  cacheMaxMb: 64,
  documentCacheMb: 16,
  maxPerPage: 50,
  eventPasswordMaxHashes: 10,
  geoloc: true,
  geolocRadiusMiles: 25,
  tribeAlias: true,
  siteTimezone: 'UTC',
  defaultCurrencySymbol: '$',
  defaultCurrencyPosition: 'prefix',
  allowPrivateOutbound: false,
  allowPrivateImageHosts: false,
  maxUploadBytes: 10 * 1024 * 1024,
  serverOrigins: [],
  corsOrigins: [],
  recurrenceHorizonMonths: 24,
  recurrenceMaxOccurrences: 1000,
  provisionalIdBase: 10_000_000,
  changesRetentionDays: 30,
}

/** The only place defaults are applied (idempotent: resolving resolved options changes nothing). */
export function resolveOptions(options: CalendarPluginOptions = {}): ResolvedCalendarOptions {
  const given: CalendarPluginOptions = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  const siteUrl = (given.siteUrl ?? DEFAULT_OPTIONS.siteUrl).replace(/\/+$/, '')
  return {
    ...DEFAULT_OPTIONS,
    mediaDir: path.resolve('data', 'media'),
    eventUrlPattern: `${siteUrl}/event/{slug}/`,
    venueUrlPattern: `${siteUrl}/venue/{slug}/`,
    organizerUrlPattern: `${siteUrl}/organizer/{slug}/`,
    ...given,
    siteUrl,
    // One setting for every outbound request; the old option name keeps working as an alias.
    allowPrivateOutbound: Boolean(given.allowPrivateOutbound || given.allowPrivateImageHosts),
    allowPrivateImageHosts: Boolean(given.allowPrivateOutbound || given.allowPrivateImageHosts),
  }
}

/**
 * The options the calendar plugin stored in a Payload config (src/plugin.ts), for the process's own
 * code that holds a Payload instance rather than the options it was built with (the app, the CLI, the
 * importers, tests). The collections and the namespace receive their options instead.
 */
export function pluginOptionsOf(config: { custom?: { calendar?: CalendarPluginOptions } }): ResolvedCalendarOptions {
  return resolveOptions(config.custom?.calendar)
}
