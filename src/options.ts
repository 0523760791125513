export interface CalendarPluginOptions {
  /** Maximum `per_page` accepted by list routes. Default 50. */
  maxPerPage?: number
  /** Half-size, in miles, of the geolocation bounding box. Default 25. */
  geolocRadiusMiles?: number
  /** Serve the same routes under tribe/events/v1 too. Default true. */
  tribeAlias?: boolean
}

export type ResolvedCalendarOptions = Required<CalendarPluginOptions>

export const DEFAULT_OPTIONS: ResolvedCalendarOptions = {
  maxPerPage: 50,
  geolocRadiusMiles: 25,
  tribeAlias: true,
}

/** The only place defaults are applied. */
export function resolveOptions(options: CalendarPluginOptions = {}): ResolvedCalendarOptions {
  return { ...DEFAULT_OPTIONS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) }
}
