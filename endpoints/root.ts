import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { IANAZone } from 'luxon'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { buildContext } from './buildContext.js'
import { answerFromCache, sendAnswer } from './cache/answerCache.js'
import { defineEndpoint } from './defineEndpoint.js'
import { errorMiddleware } from './errors/errorMiddleware.js'
import { NAMESPACE } from './namespace.js'
import { namespaceIndex } from './openapi/namespaceIndex.js'
import type { RequestContext, RouteDef } from './types.js'

/** GET / : the namespace index. `routes` is late-bound so the index lists every route, itself included. */
export function rootRoute(routes: () => RouteDef[]): RouteDef {
  return {
    pattern: '',
    endpoints: [
      defineEndpoint({
        methods: ['GET'],
        params: { namespace: { default: NAMESPACE }, context: { default: 'view' } },
        handler: (ctx) => ({ body: namespaceIndex(routes(), ctx) }),
      }),
    ],
  }
}

/**
 * GET {REST_PREFIX}/ : WordPress's REST index (WP_REST_Server::get_index), where every answer's
 * `Link: <…/wp-json/>; rel="https://api.w.org/"` and the namespace index's `_links.up` point: the site,
 * its namespaces, how to authenticate, and every route of every namespace as the namespace indexes list
 * them. The site has no name or tagline setting: its name is SITE_URL's host.
 */
export function restIndex(routes: RouteDef[], namespaces: readonly string[], ctx: RequestContext) {
  const { siteUrl, siteTimezone } = ctx.options
  const named = IANAZone.isValidZone(siteTimezone)
  const zone = named ? IANAZone.create(siteTimezone) : undefined
  const namespaceRoutes = namespaces.map((namespace) => namespaceIndex(routes, { ...ctx, namespace, base: `${ctx.restRoot}/${namespace}` }).routes)
  return {
    name: new URL(siteUrl).host,
    description: '',
    url: siteUrl,
    home: siteUrl,
    gmt_offset: zone ? zone.offset(Date.now()) / 60 : 0,
    timezone_string: named ? siteTimezone : '',
    namespaces,
    // WordPress names its page that hands an application password to an app; here one is made in the admin.
    authentication: { 'application-passwords': { endpoints: { authorization: `${siteUrl}/admin/collections/app-passwords/create` } } },
    routes: Object.assign(
      {
        '/': {
          namespace: '',
          methods: ['GET'],
          endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
          _links: { self: [{ href: `${ctx.restRoot}/` }] },
        },
      },
      ...namespaceRoutes,
    ),
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  }
}

/**
 * The REST index as an Express handler for one language segment (GET, and HEAD through Express),
 * answered from the response cache like the namespace.
 */
export function restIndexHandler(payload: Payload, options: ResolvedCalendarOptions, mount: { locale: string; namespaces: readonly string[]; routes: RouteDef[] }): RequestHandler {
  // Its errors (a refused Basic header) are sent by the same step, as the namespace's are.
  const failed = errorMiddleware(payload, (req, res, status, body) => sendAnswer(payload, options, req, res, status, body))
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.locale = mount.locale
    if (answerFromCache(payload, options, req, res)) return
    try {
      const ctx = await buildContext(req, payload, options, { namespace: NAMESPACE, locale: mount.locale })
      sendAnswer(payload, options, req, res, 200, restIndex(mount.routes, mount.namespaces, ctx))
    } catch (error) {
      failed(error, req, res, next)
    }
  }
}
