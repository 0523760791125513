import { linkedRoutes } from './linkedRoutes.js'
import type { RouteDef } from '../../types.js'
import { venueKind } from '../venueKind.js'

/** The venues routes, in registration order (reference section 2). */
export const venueRoutes: RouteDef[] = linkedRoutes(venueKind)
