import express, { type Express, type Request, type RequestHandler, type Response } from 'express'
import type { Payload } from 'payload'
import type { Logger } from 'pino'
import { createCalendarRouter } from '../endpoints/createCalendarRouter.js'
import { errorMiddleware } from '../endpoints/errors/errorMiddleware.js'
import { RestError } from '../endpoints/errors/RestError.js'
import { NAMESPACE, TRIBE_NAMESPACE } from '../endpoints/namespace.js'
import { restIndexHandler } from '../endpoints/root.js'
import { ROUTES } from '../endpoints/routes.js'
import { env } from './env.js'
import { faviconRouter } from './http/favicon.js'
import { healthRouter } from './healthRouter.js'
import { icalRouter } from './ical/icalRouter.js'
import { publicPagesRouter } from './publicPages/publicPagesRouter.js'
import { withBufferedBody } from './guards/bodyLimit.js'
import { namespaceBodyParser } from './http/namespaceBodyParser.js'
import { guardSettings, payloadGuards } from './guards/payloadGuards.js'
import { pluginOptionsOf, type ResolvedCalendarOptions } from '../lib/options.js'
import { compressAnswers } from './http/compressAnswers.js'
import { discoveryHeaders } from './http/discoveryHeaders.js'
import { forwardClientAddress } from './http/forwardClientAddress.js'
import { replayCachedAnswers } from './http/replayCachedAnswers.js'
import { requestLogs } from './http/requestLogs.js'
import { restHeaders, restRoots } from './http/restHeaders.js'

type NextHandler = (req: Request, res: Response) => Promise<void> | void

/**
 * A HEAD on Payload's /api runs as its GET: Next hands a HEAD to the route's GET handler, where Payload
 * matches endpoints by method and answers 404. Node sends no body to a HEAD, whatever the handler writes.
 */
const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD' && (req.path === '/api' || req.path.startsWith('/api/'))) req.method = 'GET'
  next()
}

/**
 * The Express app: the calendar namespace (and its tribe alias) under REST_PREFIX, once per language
 * segment; anything else under a REST root is 404 rest_no_route; everything else (the admin at /admin,
 * Payload's REST at /api) goes to Next when a handler is given. No listen here. `stopping` is true
 * while the server drains after SIGTERM (/readyz answers 503).
 */
export function createApp(payload: Payload, nextHandler?: NextHandler, stopping?: () => boolean): Express {
  const options: ResolvedCalendarOptions = pluginOptionsOf(payload.config)
  const app = express()
  app.disable('x-powered-by')
  app.set('query parser', 'extended')
  app.set('json spaces', 0)
  app.set('trust proxy', env.TRUST_PROXY)
  const logger = payload.logger as unknown as Logger
  // Stored anonymous answers replayed with the headers the pipeline below sent for them, and logged
  // (it answers only URLs the namespace stored); then probes: no logging, cache, CORS or body parsing
  // in their way.
  app.use(replayCachedAnswers(payload, options, logger))
  app.use(healthRouter(payload, stopping), faviconRouter())
  // One log line per request (X-Request-Id), then compression, then WordPress's REST headers and CORS.
  app.use(requestLogs(logger))
  app.use(compressAnswers())
  app.use(restRoots(options.restPrefix), restHeaders({ siteUrl: options.siteUrl, restPrefix: options.restPrefix, corsOrigins: options.corsOrigins }))

  const namespaces = options.tribeAlias ? [NAMESPACE, TRIBE_NAMESPACE] : [NAMESPACE]
  const languages: Array<string | null> = [null, ...options.locales]
  const bodyParser = namespaceBodyParser(env.MAX_BODY_BYTES)
  for (const lang of languages) {
    const root = `${lang ? `/${lang}` : ''}${options.restPrefix}`
    for (const namespace of namespaces) {
      app.use(`${root}/${namespace}`, discoveryHeaders(options.siteUrl, `${options.siteUrl}${root}/${namespace}/`), createCalendarRouter(payload, options, { namespace, locale: lang ?? options.locales[0]!, bodyParser }))
    }
    // WordPress's REST index, where every answer's Link header points (with or without the slash).
    app.get(root, restIndexHandler(payload, options, { locale: lang ?? options.locales[0]!, namespaces, routes: ROUTES }))
    app.use(root, (_req, res) => {
      res.locals.locale = lang ?? options.locales[0]
      throw new RestError('rest_no_route', 404)
    })
  }
  // An unknown language segment in front of the REST root is a 404 rest_no_route too (a path, not a
  // RegExp: Express 5's router never matched the RegExp form, so such URLs reached Next).
  app.use(`/:segment${options.restPrefix}`, () => {
    throw new RestError('rest_no_route', 404)
  })

  app.use('/ical', icalRouter(payload, options, { url: options.siteUrl, locale: options.locales[0]! }))
  // Public pages at the addresses the API gives as `url`, when those point at this server.
  app.use(publicPagesRouter(payload, options, { url: options.siteUrl, restPrefix: options.restPrefix, locale: options.locales[0]! }))
  // Payload's handlers see no socket: the client's address travels in a header the sign-in limits read.
  // app.use, not a '/{*splat}' route: Express would decode that parameter and fail on a malformed
  // escape (/api/venues/%FF) before the guards answer it in the route's envelope.
  if (nextHandler) app.use(forwardClientAddress, headAsGet, ...payloadGuards(payload, guardSettings()), (req, res) => nextHandler(withBufferedBody(req), res))
  else app.use(() => {
    throw new RestError('rest_no_route', 404)
  })
  app.use(errorMiddleware(payload))
  return app
}
