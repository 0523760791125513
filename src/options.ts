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
}

/** The only place defaults are applied. */
export function resolveOptions(options: CalendarPluginOptions = {}): ResolvedCalendarOptions {
  return { ...DEFAULT_OPTIONS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) }
}
