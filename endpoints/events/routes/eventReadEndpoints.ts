import { integerArg } from '../../params/kinds.js'
import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { eventArchiveParams } from '../params/eventArchiveParams.js'
import { listEvents } from '../handlers/listEvents.js'
import { eventSlugArg } from '../params/eventSlugArg.js'
import { readEvent } from '../handlers/readEvent.js'
import { contextArg, passwordArg } from '../params/unlockArgs.js'

const password = passwordArg('The event password')

/** GET /events (the archive). */
export const eventArchiveEndpoints: EndpointDef[] = [defineEndpoint({ methods: ['GET'], params: eventArchiveParams, handler: listEvents })]

/** GET /events/<id>: any ID reaches the handler, which answers 404 or 400 (reference 6.1, TEC 6.17.2). */
export const eventByIdReadEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['GET'],
    params: { id: integerArg({ description: 'The event ID', required: true, min: 0 }), password, context: contextArg },
    handler: (ctx, params) => readEvent(ctx, params.id, params),
  }),
]

/** GET /events/by-slug/<slug>: the slug must name an event, else 400 (reference 6.6). */
export const eventBySlugReadEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['GET'],
    params: {
      slug: eventSlugArg('The event slug'),
      password,
      context: contextArg,
    },
    handler: (ctx, params) => readEvent(ctx, params.slug, params),
  }),
]
