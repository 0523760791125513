import type { EndpointDef } from '../types.js'

/** GET /events (the archive). */
export const eventArchiveEndpoints: EndpointDef[] = []
/** GET /events/<id>. */
export const eventByIdReadEndpoints: EndpointDef[] = []
/** GET /events/by-slug/<slug>. */
export const eventBySlugReadEndpoints: EndpointDef[] = []
