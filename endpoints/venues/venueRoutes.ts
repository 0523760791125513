import type { RouteDef } from '../types.js'

/** The venues routes, in registration order (reference section 2). */
export const venueRoutes: RouteDef[] = []
