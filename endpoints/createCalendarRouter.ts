import express, { type Request, type RequestHandler, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { buildContext } from './buildContext.js'
import { answerFromCache, sendAnswer } from './cache/answerCache.js'
import { routeEntry } from './openapi/routeEntry.js'
import { errorMiddleware } from './errors/errorMiddleware.js'
import { RestError } from './errors/RestError.js'
import { matchRoute } from './matchRoute.js'
import { parseParams } from './params/parseParams.js'
import { ROUTES } from './routes.js'
import type { EndpointDef, HttpMethod, RequestContext } from './types.js'

/** A route's path values as matched: an integer-typed one as a number, others as the raw string. */
type PathValues = Record<string, string | number>

/** The methods of a route the caller may use (reference 1.4: Allow lists only permitted ones). */
async function allowedMethods(endpoints: EndpointDef[], ctx: RequestContext, pathParams: PathValues): Promise<string[]> {
  const allowed: string[] = []
  for (const endpoint of endpoints) {
    const permission = endpoint.permission
    const ok = !permission || (await Promise.resolve().then(() => permission(ctx, pathParams)).catch(() => false))
    if (ok) allowed.push(...endpoint.methods)
  }
  return allowed
}

/** Path parameters as the declarations convert them (an ID route's id as a number). */
function convertPathParams(endpoint: EndpointDef | undefined, raw: Record<string, string>): PathValues {
  const converted: PathValues = {}
  for (const [name, value] of Object.entries(raw)) converted[name] = endpoint?.params[name]?.type === 'integer' ? Number(value) : value
  return converted
}

/**
 * The namespace router: a stored anonymous answer (answerFromCache), the mount's body parser (its body
 * limit answers 413 before anything reads the body), route match (404 rest_no_route), context,
 * parameters (400 rest_missing_callback_param / rest_invalid_param), permission (401/403
 * rest_forbidden), handler, then the one send step (sendAnswer: ETag, Cache-Control, the response
 * cache), errors through the one error middleware and the same step. Mount it at
 * {REST_PREFIX}/{namespace}, once per namespace and language.
 */
export function createCalendarRouter(
  payload: Payload,
  options: ResolvedCalendarOptions,
  mount: { namespace: string; locale: string; bodyParser: RequestHandler[] },
): Router {
  const router = express.Router()
  // The language of this mount, for error messages rendered by errorMiddleware; then the stored
  // anonymous answer, if any, before anything reads the request.
  router.use((req, res, next) => {
    res.locals.locale = mount.locale
    if (!answerFromCache(payload, options, req, res)) next()
  })
  router.use(mount.bodyParser)
  router.use(async (req: Request, res: Response) => {
    res.set('X-Content-Type-Options', 'nosniff').set('X-Robots-Tag', 'noindex')
    const match = matchRoute(ROUTES, req.path === '/' ? '' : req.path)
    if (!match) throw new RestError('rest_no_route', 404)
    const ctx = await buildContext(req, payload, options, mount)
    const method = (req.method === 'HEAD' || req.method === 'OPTIONS' ? 'GET' : req.method) as HttpMethod
    const endpoint = match.route.endpoints.find((e) => e.methods.includes(method))
    const pathParams = convertPathParams(endpoint, match.pathParams)
    res.set('Allow', (await allowedMethods(match.route.endpoints, ctx, pathParams)).join(', '))
    if (req.method === 'OPTIONS') {
      res.json(routeEntry(match.route, ctx))
      return
    }
    if (!endpoint) throw new RestError('rest_no_route', 404)
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}
    const query = req.query as Record<string, unknown>
    const { params, input } = await parseParams(endpoint.params, { path: match.pathParams, query, body }, ctx)
    if (endpoint.permission && !(await endpoint.permission(ctx, params))) {
      throw new RestError('rest_forbidden', ctx.user ? 403 : 401)
    }
    const result = await endpoint.handler(ctx, params, input)
    if (result.headers) res.set(result.headers)
    sendAnswer(payload, options, req, res, result.status ?? 200, result.body)
  })
  router.use(errorMiddleware(payload, (req, res, status, body) => sendAnswer(payload, options, req, res, status, body)))
  return router
}
