import { docRoute } from './openapi/docRoute.js'
import { changeRoutes } from './changes/routes/changeRoutes.js'
import { eventRoutes } from './events/routes/eventRoutes.js'
import { organizerRoutes } from './linked/routes/organizerRoutes.js'
import { rootRoute } from './root.js'
import { termRoutes } from './terms/routes/termRoutes.js'
import type { RouteDef } from './types.js'
import { venueRoutes } from './linked/routes/venueRoutes.js'

/** The single route table, in registration order (= index order and /doc order, reference section 2). */
export const ROUTES: RouteDef[] = [
  rootRoute(() => ROUTES),
  docRoute(() => ROUTES),
  ...eventRoutes,
  ...venueRoutes,
  ...organizerRoutes,
  ...termRoutes,
  // Extension: after the reference's routes, so the index and /doc keep its order first.
  ...changeRoutes,
]
