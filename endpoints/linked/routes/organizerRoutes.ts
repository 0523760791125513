import { linkedRoutes } from './linkedRoutes.js'
import type { RouteDef } from '../../types.js'
import { organizerKind } from '../organizerKind.js'

/** The organizers routes, in registration order (reference section 2). */
export const organizerRoutes: RouteDef[] = linkedRoutes(organizerKind)
