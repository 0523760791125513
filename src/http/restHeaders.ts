import cors from 'cors'
import type { Request, RequestHandler } from 'express'

// WordPress's rest_send_cors_headers and WP_REST_Server::serve_request (reference 1.4).
const ALLOW_METHODS = ['OPTIONS', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'].join(', ')
const ALLOW_HEADERS = ['Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type'].join(', ')
const EXPOSE_HEADERS = ['X-WP-Total', 'X-WP-TotalPages', 'Link', 'X-TEC-Total', 'X-TEC-TotalPages', 'ETag', 'Allow', 'X-Request-Id']

export interface CrossOriginOptions {
  /** Origins trusted with credentials (CORS_ORIGINS). */
  corsOrigins: readonly string[]
  /** Access-Control-Expose-Headers. */
  exposeHeaders: readonly string[]
}

/**
 * CORS as WordPress's rest_send_cors_headers sends it, through the `cors` package: to a request with an
 * Origin, that origin echoed, Access-Control-Allow-Methods and `Vary: Origin` on every answer, and
 * Authorization among the allowed headers for every origin (the header carries its own credential, as
 * in WordPress). Only CORS_ORIGINS get Access-Control-Allow-Credentials, so a browser sends cookies
 * from those origins only. A preflight (OPTIONS with Access-Control-Request-Method) is answered 204
 * here; a plain OPTIONS goes on.
 */
export function crossOrigin(options: CrossOriginOptions): RequestHandler {
  const trusted = new Set(options.corsOrigins)
  const handle = cors<Request>((req, callback) =>
    callback(null, {
      origin: true,
      credentials: trusted.has(req.headers.origin ?? ''),
      // Joined as WordPress writes them (the package would join with bare commas).
      methods: ALLOW_METHODS,
      allowedHeaders: ALLOW_HEADERS,
      exposedHeaders: options.exposeHeaders.join(', '),
      preflightContinue: !req.headers['access-control-request-method'],
      optionsSuccessStatus: 204,
    }),
  )
  return (req, res, next) => {
    res.vary('Origin')
    if (!req.headers.origin) {
      next()
      return
    }
    // The package sends Allow-Methods on the preflight only; WordPress on every answer.
    res.set('Access-Control-Allow-Methods', ALLOW_METHODS)
    handle(req, res, next)
  }
}

export interface RestHeadersOptions {
  /** This server's origin (SITE_URL). */
  siteUrl: string
  /** REST root, e.g. /wp-json. */
  restPrefix: string
  /** Origins trusted with credentials (CORS_ORIGINS). */
  corsOrigins: readonly string[]
}

/**
 * The headers WordPress puts on every REST answer, for every language segment and namespace:
 * `Link` to the API root, Access-Control-Allow-Headers and -Expose-Headers, then CORS (crossOrigin).
 * A preflight is answered before route matching and authentication; a plain OPTIONS still reaches the
 * route's index entry.
 */
export function restHeaders(options: RestHeadersOptions): RequestHandler {
  const link = `<${options.siteUrl}${options.restPrefix}/>; rel="https://api.w.org/"`
  const handle = crossOrigin({ corsOrigins: options.corsOrigins, exposeHeaders: EXPOSE_HEADERS })
  return (req, res, next) => {
    res.set('Link', link)
    res.set('Access-Control-Expose-Headers', EXPOSE_HEADERS.join(', '))
    res.set('Access-Control-Allow-Headers', ALLOW_HEADERS)
    handle(req, res, next)
  }
}

/** Every REST root this app answers, as Express paths: `/wp-json` and `/<any segment>/wp-json`. */
export function restRoots(restPrefix: string): string[] {
  return [restPrefix, `/:segment${restPrefix}`]
}
