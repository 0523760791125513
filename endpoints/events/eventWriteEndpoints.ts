import type { EndpointDef } from '../types.js'

/** POST /events (create). */
export const eventCreateEndpoints: EndpointDef[] = []
/** DELETE and POST/PUT/PATCH /events/<id>, in the reference's registration order. */
export const eventByIdWriteEndpoints: EndpointDef[] = []
/** DELETE and POST/PUT/PATCH /events/by-slug/<slug>. */
export const eventBySlugWriteEndpoints: EndpointDef[] = []
