import { docRoute } from './doc.js'
import { rootRoute } from './root.js'
import type { RouteDef } from './types.js'

/** The single route table, in registration order (= index order and /doc order, reference section 2). */
export const ROUTES: RouteDef[] = [rootRoute(() => ROUTES), docRoute(() => ROUTES)]
