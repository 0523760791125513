import path from 'node:path'
import type { Env } from './env.js'
import type { CalendarPluginOptions } from '../lib/options.js'

/** The plugin's options as this server's settings give them (docs/operations.md, Configuration). */
export function calendarOptionsFromEnv(settings: Env): CalendarPluginOptions {
  return {
    siteUrl: settings.SITE_URL,
    restPrefix: settings.REST_PREFIX,
    locales: settings.LOCALES,
    cacheTtlSeconds: settings.CACHE_TTL_SECONDS,
    cacheMaxMb: settings.CACHE_MAX_MB,
    documentCacheMb: settings.DOCUMENT_CACHE_MB,
    mediaDir: path.join(settings.DATA_DIR, 'media'),
    maxPerPage: settings.MAX_PER_PAGE,
    eventPasswordMaxHashes: settings.EVENT_PASSWORD_MAX_HASHES,
    geoloc: settings.GEOLOC,
    geolocRadiusMiles: settings.GEOLOC_RADIUS_MILES,
    tribeAlias: settings.TRIBE_NAMESPACE_ALIAS,
    siteTimezone: settings.SITE_TIMEZONE,
    maxUploadBytes: settings.MAX_UPLOAD_BYTES,
    allowPrivateOutbound: settings.ALLOW_PRIVATE_OUTBOUND,
    eventUrlPattern: settings.EVENT_URL_PATTERN,
    venueUrlPattern: settings.VENUE_URL_PATTERN,
    organizerUrlPattern: settings.ORGANIZER_URL_PATTERN,
    serverOrigins: settings.SERVER_ORIGINS,
    corsOrigins: settings.CORS_ORIGINS,
    recurrenceHorizonMonths: settings.RECURRENCE_HORIZON_MONTHS,
    recurrenceMaxOccurrences: settings.RECURRENCE_MAX_OCCURRENCES,
    provisionalIdBase: settings.PROVISIONAL_ID_BASE,
    changesRetentionDays: settings.CHANGES_RETENTION_DAYS,
  }
}
