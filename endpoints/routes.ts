import { docRoute } from './doc.js'
import { eventRoutes } from './events/eventRoutes.js'
import { organizerRoutes } from './organizers/organizerRoutes.js'
import { rootRoute } from './root.js'
import { termRoutes } from './terms/termRoutes.js'
import type { RouteDef } from './types.js'
import { venueRoutes } from './venues/venueRoutes.js'

/** The single route table, in registration order (= index order and /doc order, reference section 2). */
export const ROUTES: RouteDef[] = [
  rootRoute(() => ROUTES),
  docRoute(() => ROUTES),
  ...eventRoutes,
  ...venueRoutes,
  ...organizerRoutes,
  ...termRoutes,
]
