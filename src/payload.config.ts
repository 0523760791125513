import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { Users } from '../collections/Users.js'
import { databaseAdapter } from './databaseAdapter.js'
import { env } from './env.js'
import { type CalendarPluginOptions, resolveOptions } from './options.js'
import { calendarPlugin } from './plugin.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Our own app: users, the calendar plugin, and the database chosen by DATABASE_URI. */
export function buildCalendarConfig(
  databaseUri: string = env.DATABASE_URI,
  kind = env.DATABASE_KIND,
  pluginOptions: CalendarPluginOptions = {},
) {
  return buildConfig({
    secret: env.PAYLOAD_SECRET,
    serverURL: env.SITE_URL,
    admin: {
      user: Users.slug,
      // Gravatar would need the internet; the built-in avatar works offline.
      avatar: 'default',
      meta: { titleSuffix: ' · Calendar' },
      importMap: { baseDir: dirname },
      components: {
        beforeNavLinks: ['/admin/CalendarNavLink.tsx#CalendarNavLink'],
        beforeDashboard: ['/admin/UpcomingEvents.tsx#UpcomingEvents'],
        views: { calendar: { Component: '/admin/EventCalendarView.tsx#EventCalendarView', path: '/calendar', exact: true } },
      },
      // Read by the admin's date helpers (event time zone note, calendar view, list date filters).
      custom: { siteTimezone: resolveOptions(pluginOptions).siteTimezone },
    },
    collections: [Users],
    editor: lexicalEditor(),
    db: databaseAdapter(databaseUri, kind),
    sharp,
    telemetry: false,
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
    plugins: [
      calendarPlugin({
        tribeAlias: env.TRIBE_NAMESPACE_ALIAS,
        maxPerPage: env.MAX_PER_PAGE,
        geoloc: env.GEOLOC,
        geolocRadiusMiles: env.GEOLOC_RADIUS_MILES,
        ...pluginOptions,
      }),
    ],
  })
}

export default buildCalendarConfig()
