// The one place that reads process.env (and the optional .env file); only src/ imports it (collections/
// and endpoints/ get the plugin's resolved options). Each variable is declared once in VARIABLES below:
// its parser, which names the variable in every error, is the only check; docs/operations.md (Configuration) and
// .env.example document the same names. Importing this module reads and writes nothing: `env` is read on first use.
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseEnv } from 'node:util'

export type DatabaseKind = 'sqlite' | 'postgres' | 'mongodb'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Env {
  /** TCP port of the HTTP server. */
  PORT: number
  /** Address the HTTP server listens on (all interfaces by default). */
  HOST: string
  /** Database connection string; the scheme picks the adapter. */
  DATABASE_URI: string
  DATABASE_KIND: DatabaseKind
  /** Secret that signs Payload's tokens; unset, src/payloadSecret.ts keeps a generated one in DATA_DIR. */
  PAYLOAD_SECRET: string | undefined
  /** Origin of this server: every URL the API emits for itself (rest_url, _links, /doc). */
  SITE_URL: string
  /** Further origins this server is reached at (the admin and cookie sign-in work from each). */
  SERVER_ORIGINS: string[]
  /** Public pages of events, venues and organizers on the front end; `{slug}` and `{id}` are filled in. */
  EVENT_URL_PATTERN: string
  VENUE_URL_PATTERN: string
  ORGANIZER_URL_PATTERN: string
  /** IANA time zone of events that carry none (like WordPress's site timezone). */
  SITE_TIMEZONE: string
  /** Root of the REST namespace, WordPress-style. */
  REST_PREFIX: string
  /** Language segments accepted in front of REST_PREFIX; the first is the default language. */
  LOCALES: string[]
  /** Folder for the embedded database, the generated secret and uploaded media. */
  DATA_DIR: string
  /** Also serve the namespace as tribe/events/v1, so front ends built for the reference need only a new host. */
  TRIBE_NAMESPACE_ALIAS: boolean
  /** Lifetime of cached anonymous GET responses, in seconds; 0 turns the response cache off. */
  CACHE_TTL_SECONDS: number
  /** Memory bound of the response cache, in MiB. */
  CACHE_MAX_MB: number
  /** Memory bound of the cache of the public's calendar documents, in MiB; 0 turns it off. */
  DOCUMENT_CACHE_MB: number
  /** Largest `per_page` the list routes accept; larger values are capped to it. */
  MAX_PER_PAGE: number
  /** Most event-password hashes (scrypt runs) one request may cause; protected events past it stay locked. */
  EVENT_PASSWORD_MAX_HASHES: number
  /** How far ahead, in months, occurrences of recurring events are stored. */
  RECURRENCE_HORIZON_MONTHS: number
  /** Most occurrences a recurring event may have within the horizon. */
  RECURRENCE_MAX_OCCURRENCES: number
  /** Base of the provisional IDs of occurrences (base + occurrence ID). */
  PROVISIONAL_ID_BASE: number
  /** How many days the change feed keeps its changes; an older cursor answers 410. */
  CHANGES_RETENTION_DAYS: number
  /** Largest `limit` of Payload's REST and GraphQL for callers below editor. */
  API_MAX_LIMIT: number
  /** Geolocation filters of GET /events (the reference's extended edition). */
  GEOLOC: boolean
  /** Half-size, in miles, of the geolocation filter's bounding box. */
  GEOLOC_RADIUS_MILES: number
  /**
   * Express's `trust proxy`: false (default, the socket's address is the client's), true, a hop count,
   * or a comma list of proxy addresses/subnets whose X-Forwarded-For is believed. Per-client limits
   * (failed sign-ins, event password guesses) count by the address this yields.
   */
  TRUST_PROXY: boolean | number | string
  /** Origins allowed to send credentials cross-origin; any origin may read anonymously. */
  CORS_ORIGINS: string[]
  /** Request and application log level (pino). */
  LOG_LEVEL: LogLevel
  /** Longest wait for in-flight requests on SIGTERM/SIGINT before the server exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: number
  /** On SIGTERM/SIGINT, how long the server keeps accepting (readyz 503, Connection: close) before it stops listening. */
  SHUTDOWN_DRAIN_SECONDS: number
  /** Longest time a client may take to send a whole request (headers and body); then 408 and the connection is closed. */
  REQUEST_TIMEOUT_SECONDS: number
  /** Server processes (`npm start`) behind the one port; 1 serves in the starting process itself. */
  WEB_CONCURRENCY: number
  /** Largest request body accepted on any route (JSON, form, GraphQL), in bytes. */
  MAX_BODY_BYTES: number
  /** Largest uploaded or downloaded media file, in bytes. */
  MAX_UPLOAD_BYTES: number
  /** Let outbound requests (image downloads, webhook deliveries) reach loopback and private-network addresses. */
  ALLOW_PRIVATE_OUTBOUND: boolean
  /** Multiplies the webhook retry schedule (5 s … 10 h); tests shrink it. */
  WEBHOOK_RETRY_SCALE: number
  /** Longest a webhook receiver may take to answer, in seconds. */
  WEBHOOK_TIMEOUT_SECONDS: number
  /** Webhook deliveries one server process sends at once. */
  WEBHOOK_CONCURRENCY: number
  /** Largest answer of a site import:tec reads (one page of a list), in bytes, counted after decompression. */
  IMPORT_MAX_PAGE_BYTES: number
  /** Payload's GraphQL endpoint on or off. */
  GRAPHQL: boolean
  /** GraphQL query limits: depth, aliases, tokens, cost, and a time budget per request. */
  GRAPHQL_MAX_DEPTH: number
  GRAPHQL_MAX_ALIASES: number
  GRAPHQL_MAX_TOKENS: number
  GRAPHQL_MAX_COST: number
  GRAPHQL_TIMEOUT_MS: number
  /** Documents one GraphQL request may list in all (page sizes asked for, capped) below editor. */
  GRAPHQL_MAX_DOCUMENTS: number
  /** The CLI's password for users:create / users:set-password, so it need not be typed on a command line. */
  CALENDAR_PASSWORD: string | undefined
  /** The application password import:tec sends with --user, for the same reason. */
  CALENDAR_APP_PASSWORD: string | undefined
  /** Outgoing mail (smtp:// or smtps:// URL); without it no mail is sent and the admin offers no password reset. */
  SMTP_URL: string | undefined
  /** Sender of outgoing mail. */
  SMTP_FROM: string
  NODE_ENV: string
  /** Test lane: sqlite (default), postgres or mongodb. Read by the test harness only. */
  TEST_DATABASE: DatabaseKind
  /** Server URL for the PostgreSQL test lane (a database per suite is created on it). */
  TEST_POSTGRES_URL: string
  /** MongoDB server for the MongoDB test lane; mongodb-memory-server is tried when unset. */
  MONGODB_URI: string | undefined
}

/** A variable's value as read: the environment first, then .env. */
type Raw = Record<string, string | undefined>

/** A setting's error, naming it; `value: null` keeps the value out of the message (it may be a secret). */
class EnvError extends Error {
  constructor(name: string, rule: string, value: string | undefined | null) {
    super(value === null ? `${name} ${rule}` : `${name} ${rule} (got "${value}")`)
    this.name = 'EnvError'
  }
}

function databaseKind(uri: string): DatabaseKind {
  if (uri.startsWith('file:')) return 'sqlite'
  if (uri.startsWith('postgres://') || uri.startsWith('postgresql://')) return 'postgres'
  if (uri.startsWith('mongodb://') || uri.startsWith('mongodb+srv://')) return 'mongodb'
  throw new EnvError('DATABASE_URI', 'must start with file:, postgres://, postgresql://, mongodb:// or mongodb+srv://', uri.split(':')[0] + ':…')
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max) throw new EnvError(name, `must be an integer from ${min} to ${max}`, value)
  return n
}

function nonNegative(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new EnvError(name, 'must be a non-negative number', value)
  return n
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (/^(1|true|yes|on)$/i.test(value)) return true
  if (/^(0|false|no|off)$/i.test(value)) return false
  throw new EnvError(name, 'must be true or false', value)
}

function trustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim()
  if (v === '' || /^(0|false|no|off)$/i.test(v)) return false
  if (/^(true|yes|on)$/i.test(v)) return true
  if (/^\d+$/.test(v)) return Number(v)
  return v
}

function timezone(value: string | undefined): string {
  const tz = value || 'UTC'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
  } catch {
    throw new EnvError('SITE_TIMEZONE', 'must be an IANA time zone name', tz)
  }
  return tz
}

function restPrefix(value: string | undefined): string {
  const prefix = (value ?? '/wp-json').trim()
  if (!/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(prefix)) throw new EnvError('REST_PREFIX', 'must look like /wp-json', prefix)
  return prefix
}

function locales(value: string | undefined): string[] {
  const list = (value ?? 'en,fr,de,es')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  for (const l of list) if (!/^[a-z]{2}(-[a-z]{2})?$/.test(l)) throw new EnvError('LOCALES', 'must list language codes such as en,fr', value)
  return list.length ? list : ['en']
}

/** An origin (scheme, host, port; no path), normalised as browsers send it in `Origin`. */
function origin(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new EnvError(name, 'must be an http(s) origin such as https://example.org', value)
  }
  if (!/^https?:$/.test(url.protocol)) throw new EnvError(name, 'must be an http(s) origin such as https://example.org', value)
  return url.origin
}

function origins(name: string, value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => origin(name, s))
}

function siteUrl(value: string | undefined, port: number): string {
  const url = (value || `http://localhost:${port}`).replace(/\/+$/, '')
  origin('SITE_URL', url)
  return url
}

function urlPattern(name: string, value: string | undefined, fallback: string): string {
  const pattern = value || fallback
  if (!pattern.includes('{slug}') && !pattern.includes('{id}')) throw new EnvError(name, 'must contain {slug} or {id}', pattern)
  origin(name, pattern.replace(/\{(slug|id)\}/g, 'x'))
  return pattern
}

function logLevel(value: string | undefined, fallback: LogLevel): LogLevel {
  const level = (value || fallback).toLowerCase()
  const levels: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  if (!levels.includes(level as LogLevel)) throw new EnvError('LOG_LEVEL', `must be one of ${levels.join(', ')}`, value)
  return level as LogLevel
}

function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!/^smtps?:\/\/[^/]/.test(value)) throw new EnvError('SMTP_URL', 'must be an smtp:// or smtps:// URL', null)
  return value
}

function testDatabase(value: string | undefined): DatabaseKind {
  const lane = value || 'sqlite'
  if (!['sqlite', 'postgres', 'mongodb'].includes(lane)) throw new EnvError('TEST_DATABASE', 'must be sqlite, postgres or mongodb', lane)
  return lane as DatabaseKind
}

/**
 * Every variable, in the order they are read (later ones may use earlier results). The keys are the
 * names an operator may set; a .env file naming anything else fails the start.
 */
const VARIABLES: { [K in Exclude<keyof Env, 'DATABASE_KIND'>]: (raw: Raw, e: Partial<Env>) => Env[K] } = {
  NODE_ENV: (r) => r.NODE_ENV || 'development',
  PORT: (r) => integer('PORT', r.PORT, 3000, 0, 65535),
  HOST: (r) => r.HOST || '',
  DATA_DIR: (r) => path.resolve(r.DATA_DIR || './data'),
  DATABASE_URI: (r, e) => {
    const uri = r.DATABASE_URI || `file:${path.join(e.DATA_DIR!, 'calendar.db')}`
    databaseKind(uri)
    return uri
  },
  PAYLOAD_SECRET: (r) => r.PAYLOAD_SECRET || undefined,
  SITE_URL: (r, e) => siteUrl(r.SITE_URL, e.PORT!),
  SERVER_ORIGINS: (r) => origins('SERVER_ORIGINS', r.SERVER_ORIGINS),
  EVENT_URL_PATTERN: (r, e) => urlPattern('EVENT_URL_PATTERN', r.EVENT_URL_PATTERN, `${e.SITE_URL}/event/{slug}/`),
  VENUE_URL_PATTERN: (r, e) => urlPattern('VENUE_URL_PATTERN', r.VENUE_URL_PATTERN, `${e.SITE_URL}/venue/{slug}/`),
  ORGANIZER_URL_PATTERN: (r, e) => urlPattern('ORGANIZER_URL_PATTERN', r.ORGANIZER_URL_PATTERN, `${e.SITE_URL}/organizer/{slug}/`),
  SITE_TIMEZONE: (r) => timezone(r.SITE_TIMEZONE),
  REST_PREFIX: (r) => restPrefix(r.REST_PREFIX),
  LOCALES: (r) => locales(r.LOCALES),
  TRIBE_NAMESPACE_ALIAS: (r) => flag('TRIBE_NAMESPACE_ALIAS', r.TRIBE_NAMESPACE_ALIAS, true),
  CACHE_TTL_SECONDS: (r) => nonNegative('CACHE_TTL_SECONDS', r.CACHE_TTL_SECONDS, 30),
  CACHE_MAX_MB: (r) => nonNegative('CACHE_MAX_MB', r.CACHE_MAX_MB, 64),
  DOCUMENT_CACHE_MB: (r) => nonNegative('DOCUMENT_CACHE_MB', r.DOCUMENT_CACHE_MB, 16),
  MAX_PER_PAGE: (r) => integer('MAX_PER_PAGE', r.MAX_PER_PAGE, 50, 1),
  EVENT_PASSWORD_MAX_HASHES: (r) => integer('EVENT_PASSWORD_MAX_HASHES', r.EVENT_PASSWORD_MAX_HASHES, 10, 1, 1000),
  RECURRENCE_HORIZON_MONTHS: (r) => integer('RECURRENCE_HORIZON_MONTHS', r.RECURRENCE_HORIZON_MONTHS, 24, 1, 120),
  RECURRENCE_MAX_OCCURRENCES: (r) => integer('RECURRENCE_MAX_OCCURRENCES', r.RECURRENCE_MAX_OCCURRENCES, 1000, 1, 10000),
  PROVISIONAL_ID_BASE: (r) => integer('PROVISIONAL_ID_BASE', r.PROVISIONAL_ID_BASE, 10_000_000, 1000, 2 ** 30),
  CHANGES_RETENTION_DAYS: (r) => integer('CHANGES_RETENTION_DAYS', r.CHANGES_RETENTION_DAYS, 30, 1, 3650),
  API_MAX_LIMIT: (r) => integer('API_MAX_LIMIT', r.API_MAX_LIMIT, 100, 1),
  GEOLOC: (r) => flag('GEOLOC', r.GEOLOC, true),
  GEOLOC_RADIUS_MILES: (r) => nonNegative('GEOLOC_RADIUS_MILES', r.GEOLOC_RADIUS_MILES, 25),
  TRUST_PROXY: (r) => trustProxy(r.TRUST_PROXY),
  CORS_ORIGINS: (r) => origins('CORS_ORIGINS', r.CORS_ORIGINS),
  // Test suites serve thousands of requests: by default they log only failures.
  LOG_LEVEL: (r, e) => logLevel(r.LOG_LEVEL, e.NODE_ENV === 'test' ? 'error' : 'info'),
  SHUTDOWN_TIMEOUT_SECONDS: (r) => nonNegative('SHUTDOWN_TIMEOUT_SECONDS', r.SHUTDOWN_TIMEOUT_SECONDS, 10),
  // A drain only helps behind a load balancer; development servers stop at once.
  SHUTDOWN_DRAIN_SECONDS: (r, e) => nonNegative('SHUTDOWN_DRAIN_SECONDS', r.SHUTDOWN_DRAIN_SECONDS, e.NODE_ENV === 'production' ? 5 : 0),
  REQUEST_TIMEOUT_SECONDS: (r) => integer('REQUEST_TIMEOUT_SECONDS', r.REQUEST_TIMEOUT_SECONDS, 60, 1, 3600),
  // One worker per core by default: a single Node process serves on one core only.
  WEB_CONCURRENCY: (r) => integer('WEB_CONCURRENCY', r.WEB_CONCURRENCY, availableParallelism(), 1, 256),
  MAX_BODY_BYTES: (r) => integer('MAX_BODY_BYTES', r.MAX_BODY_BYTES, 1024 * 1024, 1024),
  MAX_UPLOAD_BYTES: (r) => integer('MAX_UPLOAD_BYTES', r.MAX_UPLOAD_BYTES, 10 * 1024 * 1024, 1024),
  ALLOW_PRIVATE_OUTBOUND: (r) => flag('ALLOW_PRIVATE_OUTBOUND', r.ALLOW_PRIVATE_OUTBOUND, false),
  WEBHOOK_RETRY_SCALE: (r) => nonNegative('WEBHOOK_RETRY_SCALE', r.WEBHOOK_RETRY_SCALE, 1),
  WEBHOOK_TIMEOUT_SECONDS: (r) => nonNegative('WEBHOOK_TIMEOUT_SECONDS', r.WEBHOOK_TIMEOUT_SECONDS, 10),
  WEBHOOK_CONCURRENCY: (r) => integer('WEBHOOK_CONCURRENCY', r.WEBHOOK_CONCURRENCY, 4, 1, 64),
  IMPORT_MAX_PAGE_BYTES: (r) => integer('IMPORT_MAX_PAGE_BYTES', r.IMPORT_MAX_PAGE_BYTES, 32 * 1024 * 1024, 1024),
  GRAPHQL: (r) => flag('GRAPHQL', r.GRAPHQL, true),
  GRAPHQL_MAX_DEPTH: (r) => integer('GRAPHQL_MAX_DEPTH', r.GRAPHQL_MAX_DEPTH, 10, 1),
  GRAPHQL_MAX_ALIASES: (r) => integer('GRAPHQL_MAX_ALIASES', r.GRAPHQL_MAX_ALIASES, 15, 0),
  GRAPHQL_MAX_TOKENS: (r) => integer('GRAPHQL_MAX_TOKENS', r.GRAPHQL_MAX_TOKENS, 2000, 1),
  GRAPHQL_MAX_COST: (r) => integer('GRAPHQL_MAX_COST', r.GRAPHQL_MAX_COST, 1000, 1),
  GRAPHQL_TIMEOUT_MS: (r) => integer('GRAPHQL_TIMEOUT_MS', r.GRAPHQL_TIMEOUT_MS, 5000, 1),
  GRAPHQL_MAX_DOCUMENTS: (r) => integer('GRAPHQL_MAX_DOCUMENTS', r.GRAPHQL_MAX_DOCUMENTS, 300, 1),
  CALENDAR_PASSWORD: (r) => r.CALENDAR_PASSWORD || undefined,
  CALENDAR_APP_PASSWORD: (r) => r.CALENDAR_APP_PASSWORD || undefined,
  SMTP_URL: (r) => smtpUrl(r.SMTP_URL),
  SMTP_FROM: (r) => r.SMTP_FROM || 'Calendar <calendar@localhost>',
  TEST_DATABASE: (r) => testDatabase(r.TEST_DATABASE),
  TEST_POSTGRES_URL: (r) => r.TEST_POSTGRES_URL || 'postgres://calendar:calendar@127.0.0.1:5432/postgres',
  MONGODB_URI: (r) => r.MONGODB_URI || undefined,
}

/** The names an operator may set (in the environment or in .env). */
export const ENV_NAMES: readonly string[] = Object.keys(VARIABLES)

/**
 * The .env file's variables (ENV_FILE, or ./.env), refused whole when it names a variable we do not
 * know, so a typo cannot silently leave a default in place. Not read by the tests (NODE_ENV=test).
 */
function dotEnv(source: NodeJS.ProcessEnv): Raw {
  if (source.NODE_ENV === 'test') return {}
  const file = path.resolve(source.ENV_FILE || '.env')
  if (!existsSync(file)) {
    if (source.ENV_FILE) throw new EnvError('ENV_FILE', 'names a file that does not exist', source.ENV_FILE)
    return {}
  }
  const parsed = parseEnv(readFileSync(file, 'utf8'))
  for (const name of Object.keys(parsed)) {
    if (!ENV_NAMES.includes(name)) throw new EnvError(name, `in ${file} is not a setting of this service (see .env.example)`, null)
  }
  return parsed
}

/** Reads and checks every variable: the real environment wins over .env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw: Raw = { ...dotEnv(source), ...source }
  const e: Partial<Env> = {}
  for (const [name, read] of Object.entries(VARIABLES)) (e as Record<string, unknown>)[name] = (read as (r: Raw, e: Partial<Env>) => unknown)(raw, e)
  e.DATABASE_KIND = databaseKind(e.DATABASE_URI!)
  return Object.freeze(e as Env)
}

let loaded: Env | undefined

/** The settings of this process, read and checked on the first call (a bad one throws, naming it). */
export function currentEnv(): Env {
  return (loaded ??= loadEnv())
}

/** `currentEnv()` as an object: reading a property reads the settings, importing reads nothing. */
export const env: Env = new Proxy({} as Env, {
  get: (_target, name) => currentEnv()[name as keyof Env],
  // Settings are read-only, as the frozen object they come from.
  set: () => false,
  deleteProperty: () => false,
  has: (_target, name) => name in currentEnv(),
  ownKeys: () => Reflect.ownKeys(currentEnv()),
  getOwnPropertyDescriptor: (_target, name) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(currentEnv(), name)
    return descriptor && { ...descriptor, configurable: true }
  },
})
