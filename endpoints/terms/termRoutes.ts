import type { RouteDef } from '../types.js'

/** The terms routes, in registration order (reference section 2). */
export const termRoutes: RouteDef[] = []
