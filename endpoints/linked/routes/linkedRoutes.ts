import type { RouteDef } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import { linkedArchiveEndpoint, linkedReadEndpoint } from './linkedReadEndpoints.js'
import { linkedCreateEndpoint, linkedDeleteEndpoint, linkedUpdateEndpoint } from './linkedWriteEndpoints.js'

/**
 * The routes of venues or organizers in registration order (reference section 2): archive and
 * create, then by ID, then by slug; per route the methods in WordPress's Allow order (GET, DELETE,
 * POST, PUT, PATCH).
 */
export function linkedRoutes(kind: LinkedKind): RouteDef[] {
  const schema = kind.name === 'venue' ? ('Venue' as const) : ('Organizer' as const)
  return [
    { pattern: `/${kind.plural}`, endpoints: [linkedArchiveEndpoint(kind), linkedCreateEndpoint(kind)], docs: { schema, archive: kind.plural } },
    ...(['id', 'slug'] as const).map((by) => ({
      pattern: by === 'id' ? `/${kind.plural}/(?P<id>\\d+)` : `/${kind.plural}/by-slug/(?P<slug>[^/]+)`,
      endpoints: [linkedReadEndpoint(kind, by), linkedDeleteEndpoint(kind, by), linkedUpdateEndpoint(kind, by)],
      docs: { schema },
    })),
  ]
}
