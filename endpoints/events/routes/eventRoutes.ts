import type { RouteDef } from '../../types.js'
import { eventArchiveEndpoints, eventByIdReadEndpoints, eventBySlugReadEndpoints } from './eventReadEndpoints.js'
import { eventByIdWriteEndpoints, eventBySlugWriteEndpoints, eventCreateEndpoints } from './eventWriteEndpoints.js'

const docs = { schema: 'Event' as const }

/**
 * The events routes in registration order (reference section 2); per route, methods in the order
 * WordPress lists them in Allow: GET, DELETE, POST, PUT, PATCH.
 */
export const eventRoutes: RouteDef[] = [
  { pattern: '/events', endpoints: [...eventArchiveEndpoints, ...eventCreateEndpoints], docs: { ...docs, archive: 'events' } },
  { pattern: '/events/(?P<id>\\d+)', endpoints: [...eventByIdReadEndpoints, ...eventByIdWriteEndpoints], docs },
  { pattern: '/events/by-slug/(?P<slug>[^/]+)', endpoints: [...eventBySlugReadEndpoints, ...eventBySlugWriteEndpoints], docs },
]
