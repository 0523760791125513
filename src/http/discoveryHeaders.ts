import type { RequestHandler, Response } from 'express'

/** The API version TEC advertises (reference 1.5). */
export const TEC_API_VERSION = 'v1'

/**
 * TEC's discovery headers (reference 1.5): the API version, the API URL for what is being looked at
 * (`root`, ending in "/" for a namespace root) and the site's origin (home_url).
 */
export function setDiscoveryHeaders(res: Response, siteUrl: string, root: string): void {
  res.set('X-TEC-API-VERSION', TEC_API_VERSION).set('X-TEC-API-ROOT', root).set('X-TEC-API-ORIGIN', siteUrl)
}

/**
 * The discovery headers on every answer of one namespace mount (`namespaceUrl`, e.g.
 * https://example.org/fr/wp-json/calendar/events/v1/), set before the response cache so replayed answers
 * carry them too.
 */
export function discoveryHeaders(siteUrl: string, namespaceUrl: string): RequestHandler {
  return (_req, res, next) => {
    setDiscoveryHeaders(res, siteUrl, namespaceUrl)
    next()
  }
}
