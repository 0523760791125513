import type { RouteDef } from '../types.js'

/** The events routes, in registration order (reference section 2). */
export const eventRoutes: RouteDef[] = []
