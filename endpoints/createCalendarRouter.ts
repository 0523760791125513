import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { buildContext } from './buildContext.js'
import { routeEntry } from './docs/routeEntry.js'
import { errorMiddleware } from './errors/errorMiddleware.js'
import { RestError } from './errors/RestError.js'
import { matchRoute } from './matchRoute.js'
import { parseParams } from './params/parseParams.js'
import { ROUTES } from './routes.js'
import type { HttpMethod } from './types.js'

/**
 * The namespace router: body parsing, route match (404 rest_no_route), context, parameters, handler,
 * then the one error middleware. Mount it at {REST_PREFIX}/{namespace}, once per namespace and language.
 */
export function createCalendarRouter(
  payload: Payload,
  options: ResolvedCalendarOptions,
  mount: { namespace: string; locale: string },
): Router {
  const router = express.Router()
  // The language of this mount, for error messages rendered by errorMiddleware.
  router.use((_req, res, next) => {
    res.locals.locale = mount.locale
    next()
  })
  router.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: true, limit: '1mb' }))
  router.use(async (req: Request, res: Response) => {
    res.set('X-Content-Type-Options', 'nosniff').set('X-Robots-Tag', 'noindex')
    const match = matchRoute(ROUTES, req.path === '/' ? '' : req.path)
    if (!match) throw new RestError('rest_no_route', 404)
    const ctx = await buildContext(req, payload, options, mount)
    const methods = match.route.endpoints.flatMap((e) => e.methods)
    res.set('Allow', methods.join(', '))
    if (req.method === 'OPTIONS') {
      res.json(routeEntry(match.route, ctx))
      return
    }
    const method = (req.method === 'HEAD' ? 'GET' : req.method) as HttpMethod
    const endpoint = match.route.endpoints.find((e) => e.methods.includes(method))
    if (!endpoint) throw new RestError('rest_no_route', 404)
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}
    const params = parseParams(endpoint.params, { path: match.pathParams, query: req.query, body }, ctx)
    const result = await endpoint.handler(ctx, params)
    if (result.headers) res.set(result.headers)
    res.status(result.status ?? 200).json(result.body)
  })
  router.use(errorMiddleware(payload))
  return router
}
