import type { RouteDef } from '../types.js'

/** The organizers routes, in registration order (reference section 2). */
export const organizerRoutes: RouteDef[] = []
