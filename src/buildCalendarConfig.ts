import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type PayloadLogger } from 'payload'
import sharp from 'sharp'
import { USERS } from '../collections/slugs.js'
import { Users } from '../collections/Users.js'
import { databaseAdapter, type DatabaseOptions } from './databaseAdapter.js'
import { emailAdapter } from './email.js'
import { calendarOptionsFromEnv } from './calendarOptionsFromEnv.js'
import { env } from './env.js'
import { apiLimitsPlugin } from './guards/apiLimitsPlugin.js'
import { graphqlValidationRules } from './guards/graphqlLimits.js'
import { graphqlLimits } from './guards/payloadGuards.js'
import { logger } from './http/logger.js'
import { type CalendarPluginOptions, resolveOptions } from '../lib/options.js'
import { payloadSecret } from './payloadSecret.js'
import { calendarPlugin } from './plugin.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Our own app: users, the calendar plugin, and the database chosen by DATABASE_URI. */
export async function buildCalendarConfig(
  databaseUri: string = env.DATABASE_URI,
  kind = env.DATABASE_KIND,
  pluginOptions: CalendarPluginOptions = {},
  database: DatabaseOptions = {},
) {
  // The plugin gets its settings from here: the environment's, then the caller's.
  const calendar = resolveOptions({ ...calendarOptionsFromEnv(env), ...pluginOptions })
  const { serverOrigins, corsOrigins } = calendar
  return buildConfig({
    secret: payloadSecret(env),
    // No serverURL: the admin then calls its own origin, so it works from every address in `csrf`
    // (with one, it calls SITE_URL and every save from another address is refused). Payload builds
    // e-mail links from the request's origin only when that origin is listed below.
    csrf: [calendar.siteUrl, ...serverOrigins, ...corsOrigins],
    // Credentialed cross-origin use of /api and GraphQL: CORS_ORIGINS only.
    cors: corsOrigins,
    logger: logger as unknown as PayloadLogger,
    // Client errors are logged at info, as Payload already logs Forbidden and ValidationError: a wrong
    // sign-in, a bad `where` or a refused credential change is the caller's mistake, and at error level
    // (with a stack) anyone could flood the error log with them. Server faults stay at error.
    loggingLevels: { AuthenticationError: 'info', LockedAuth: 'info', QueryError: 'info' },
    admin: {
      user: USERS,
      // Gravatar would need the internet; the built-in avatar works offline.
      avatar: 'default',
      // The server's own icon (src/http/favicon.ts), not Payload's.
      meta: { titleSuffix: ' · Calendar', icons: [{ rel: 'icon', type: 'image/svg+xml', url: '/favicon.svg' }] },
      // Relative to the working directory: the client config sent to signed-in users carries it.
      importMap: { baseDir: path.relative(process.cwd(), dirname) || '.' },
      components: {
        beforeNavLinks: [
          '/admin/CalendarNavLink.tsx#CalendarNavLink',
          { path: '/admin/CalendarNavLink.tsx#CalendarNavLink', clientProps: { view: 'agenda', label: 'Agenda' } },
        ],
        beforeDashboard: ['/admin/UpcomingEvents.tsx#UpcomingEvents'],
        views: {
          calendar: { Component: '/admin/EventCalendarView.tsx#EventCalendarView', path: '/calendar', exact: true },
          agenda: { Component: '/admin/EventAgendaView.tsx#EventAgendaView', path: '/agenda', exact: true },
        },
        // Without SMTP_URL no reset mail can be sent: the login page says whom to ask instead.
        afterLogin: ['/admin/NoPasswordReset.tsx#NoPasswordReset'],
      },
      // Read by the admin's date helpers (event time zone note, calendar view, list date filters).
      custom: { siteTimezone: calendar.siteTimezone },
    },
    collections: [Users(calendar)],
    editor: lexicalEditor(),
    email: emailAdapter({ url: env.SMTP_URL, from: env.SMTP_FROM }),
    db: await databaseAdapter(databaseUri, kind, database),
    sharp,
    telemetry: false,
    // GraphQL Armor's depth, alias and cost rules on every query (tokens are counted before, in
    // payloadGuards); GRAPHQL=false turns the endpoint and its playground off.
    graphQL: { disable: !env.GRAPHQL, disablePlaygroundInProduction: true, validationRules: graphqlValidationRules(graphqlLimits()) },
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
    plugins: [
      calendarPlugin(calendar),
      // After the calendar's collections exist: page-size caps and the GraphQL time budget on all of them.
      apiLimitsPlugin({ maxLimit: env.API_MAX_LIMIT, graphqlTimeoutMs: env.GRAPHQL_TIMEOUT_MS, graphqlMaxDocuments: env.GRAPHQL_MAX_DOCUMENTS }),
    ],
  })
}
