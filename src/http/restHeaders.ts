import cors, { type CorsOptions } from 'cors'
import type { Request, RequestHandler } from 'express'

// WordPress's rest_send_cors_headers and WP_REST_Server::serve_request (reference 1.4).
const ALLOW_METHODS = ['OPTIONS', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const ALLOW_HEADERS = ['Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type']
// Origins not trusted with credentials may not send an Authorization header either, so a browser
// refuses their application-password writes at the preflight.
const ANONYMOUS_ALLOW_HEADERS = ALLOW_HEADERS.filter((h) => h !== 'Authorization')
const EXPOSE_HEADERS = ['X-WP-Total', 'X-WP-TotalPages', 'Link', 'X-TEC-Total', 'X-TEC-TotalPages', 'ETag', 'Allow', 'X-Request-Id']

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
 * `Link` to the API root, Access-Control-Allow-Headers and -Expose-Headers, and CORS through the `cors`
 * package. Any origin is echoed (anonymous reads work from any front end); only CORS_ORIGINS get
 * Access-Control-Allow-Credentials and Authorization in the allowed headers. A preflight (OPTIONS with
 * Access-Control-Request-Method) is answered here with 204, before route matching and authentication;
 * a plain OPTIONS still reaches the route's index entry.
 */
export function restHeaders(options: RestHeadersOptions): RequestHandler {
  const link = `<${options.siteUrl}${options.restPrefix}/>; rel="https://api.w.org/"`
  const trusted = new Set(options.corsOrigins)
  const corsFor = (req: Request): CorsOptions => {
    const credentials = trusted.has(req.headers.origin ?? '')
    return {
      origin: true,
      credentials,
      // Joined as WordPress writes them (the package would join with bare commas).
      methods: ALLOW_METHODS.join(', '),
      allowedHeaders: (credentials ? ALLOW_HEADERS : ANONYMOUS_ALLOW_HEADERS).join(', '),
      exposedHeaders: EXPOSE_HEADERS.join(', '),
      preflightContinue: !req.headers['access-control-request-method'],
      optionsSuccessStatus: 204,
    }
  }
  const handle = cors<Request>((req, callback) => callback(null, corsFor(req)))
  return (req, res, next) => {
    const credentials = trusted.has(req.headers.origin ?? '')
    res.set('Link', link)
    res.set('Access-Control-Expose-Headers', EXPOSE_HEADERS.join(', '))
    res.set('Access-Control-Allow-Headers', (req.headers.origin && !credentials ? ANONYMOUS_ALLOW_HEADERS : ALLOW_HEADERS).join(', '))
    res.vary('Origin')
    if (!req.headers.origin) {
      next()
      return
    }
    handle(req, res, next)
  }
}

/** Every REST root this app answers, as Express paths: `/wp-json` and `/<any segment>/wp-json`. */
export function restRoots(restPrefix: string): string[] {
  return [restPrefix, `/:segment${restPrefix}`]
}
