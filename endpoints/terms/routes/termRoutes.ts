import type { RouteDef } from '../../types.js'
import { CATEGORY_TAXONOMY, TAG_TAXONOMY, type TaxonomyDef } from '../taxonomies.js'
import { termArchiveEndpoint, termReadEndpoint } from './termReadEndpoints.js'
import { termCreateEndpoint, termDeleteEndpoint, termUpdateEndpoint } from './termWriteEndpoints.js'

/**
 * The two routes of one taxonomy; per route, methods in registration order (reference 1.4: Allow on
 * /categories/<id> is GET, POST, PUT, PATCH, DELETE).
 */
function taxonomyRoutes(tax: TaxonomyDef): RouteDef[] {
  return [
    { pattern: `/${tax.route}`, endpoints: [termArchiveEndpoint(tax), termCreateEndpoint(tax)], docs: { schema: 'Term', archive: tax.route } },
    {
      pattern: `/${tax.route}/(?P<id>\\d+)`,
      endpoints: [termReadEndpoint(tax), termUpdateEndpoint(tax), termDeleteEndpoint(tax)],
      docs: { schema: 'Term' },
    },
  ]
}

/** The terms routes, in registration order (reference section 2): categories, categories/<id>, tags, tags/<id>. */
export const termRoutes: RouteDef[] = [...taxonomyRoutes(CATEGORY_TAXONOMY), ...taxonomyRoutes(TAG_TAXONOMY)]
