// The one place that reads process.env. Everything else imports `env`.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type DatabaseKind = 'sqlite' | 'postgres' | 'mongodb'

export interface Env {
  /** TCP port of the HTTP server. */
  PORT: number
  /** Database connection string; the scheme picks the adapter. */
  DATABASE_URI: string
  DATABASE_KIND: DatabaseKind
  /** Secret that signs Payload's tokens. */
  PAYLOAD_SECRET: string
  /** Public origin used in every URL the API emits. */
  SITE_URL: string
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
  /** Largest `per_page` the list routes accept; larger values are capped to it. */
  MAX_PER_PAGE: number
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
  NODE_ENV: string
  /** Test lane: sqlite (default), postgres or mongodb. Read by the test harness only. */
  TEST_DATABASE: DatabaseKind
  /** Server URL for the PostgreSQL test lane (a database per suite is created on it). */
  TEST_POSTGRES_URL: string
  /** MongoDB server for the MongoDB test lane; mongodb-memory-server is tried when unset. */
  MONGODB_URI: string | undefined
}

const raw = process.env

function databaseKind(uri: string): DatabaseKind {
  if (uri.startsWith('file:')) return 'sqlite'
  if (uri.startsWith('postgres://') || uri.startsWith('postgresql://')) return 'postgres'
  if (uri.startsWith('mongodb://') || uri.startsWith('mongodb+srv://')) return 'mongodb'
  throw new Error(
    `DATABASE_URI must start with file:, postgres://, postgresql://, mongodb:// or mongodb+srv:// (got "${uri}")`,
  )
}

function port(value: string | undefined): number {
  const n = Number(value ?? '3000')
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be an integer 0-65535 (got "${value}")`)
  return n
}

function nonNegative(name: string, value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number (got "${value}")`)
  return n
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const n = Number(value || fallback)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer (got "${value}")`)
  return n
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (/^(1|true|yes|on)$/i.test(value)) return true
  if (/^(0|false|no|off)$/i.test(value)) return false
  throw new Error(`${name} must be true or false (got "${value}")`)
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
    throw new Error(`SITE_TIMEZONE must be an IANA time zone name (got "${tz}")`)
  }
  return tz
}

function restPrefix(value: string | undefined): string {
  const prefix = (value ?? '/wp-json').trim()
  if (!/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(prefix)) {
    throw new Error(`REST_PREFIX must look like /wp-json (got "${prefix}")`)
  }
  return prefix
}

function locales(value: string | undefined): string[] {
  const list = (value ?? 'en,fr,de,es')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  for (const l of list) if (!/^[a-z]{2}(-[a-z]{2})?$/.test(l)) throw new Error(`LOCALES entry "${l}" is not a language code`)
  return list.length ? list : ['en']
}

/** PAYLOAD_SECRET when set; otherwise one generated once and kept in DATA_DIR/payload-secret. */
function secret(value: string | undefined, dataDir: string): string {
  if (value) return value
  const file = path.join(dataDir, 'payload-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const generated = randomBytes(32).toString('hex')
  writeFileSync(file, generated, { mode: 0o600, flag: 'wx' })
  return generated
}

function load(): Env {
  const PORT = port(raw.PORT)
  const DATA_DIR = path.resolve(raw.DATA_DIR || './data')
  const DATABASE_URI = raw.DATABASE_URI || `file:${path.join(DATA_DIR, 'calendar.db')}`
  const testDb = (raw.TEST_DATABASE || 'sqlite') as DatabaseKind
  if (!['sqlite', 'postgres', 'mongodb'].includes(testDb)) {
    throw new Error(`TEST_DATABASE must be sqlite, postgres or mongodb (got "${testDb}")`)
  }
  return Object.freeze({
    PORT,
    DATABASE_URI,
    DATABASE_KIND: databaseKind(DATABASE_URI),
    PAYLOAD_SECRET: secret(raw.PAYLOAD_SECRET, DATA_DIR),
    SITE_URL: (raw.SITE_URL || `http://localhost:${PORT}`).replace(/\/+$/, ''),
    SITE_TIMEZONE: timezone(raw.SITE_TIMEZONE),
    REST_PREFIX: restPrefix(raw.REST_PREFIX),
    LOCALES: locales(raw.LOCALES),
    DATA_DIR,
    TRIBE_NAMESPACE_ALIAS: flag('TRIBE_NAMESPACE_ALIAS', raw.TRIBE_NAMESPACE_ALIAS, true),
    CACHE_TTL_SECONDS: nonNegative('CACHE_TTL_SECONDS', raw.CACHE_TTL_SECONDS, 30),
    CACHE_MAX_MB: nonNegative('CACHE_MAX_MB', raw.CACHE_MAX_MB, 64),
    TRUST_PROXY: trustProxy(raw.TRUST_PROXY),
    MAX_PER_PAGE: positiveInteger('MAX_PER_PAGE', raw.MAX_PER_PAGE, 50),
    GEOLOC: flag('GEOLOC', raw.GEOLOC, true),
    GEOLOC_RADIUS_MILES: nonNegative('GEOLOC_RADIUS_MILES', raw.GEOLOC_RADIUS_MILES, 25),
    NODE_ENV: raw.NODE_ENV || 'development',
    TEST_DATABASE: testDb,
    TEST_POSTGRES_URL: raw.TEST_POSTGRES_URL || 'postgres://calendar:calendar@127.0.0.1:5432/postgres',
    MONGODB_URI: raw.MONGODB_URI || undefined,
  })
}

export const env: Env = load()
