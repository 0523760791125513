import { integerArg, stringArg } from '../../params/kinds.js'
import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { eventArchiveParams } from '../params/eventArchiveParams.js'
import { listEvents } from '../handlers/listEvents.js'
import { eventSlugArg } from '../params/eventSlugArg.js'
import { readEvent } from '../handlers/readEvent.js'

const password = stringArg({ description: 'The event password' })

/** GET /events (the archive). */
export const eventArchiveEndpoints: EndpointDef[] = [defineEndpoint({ methods: ['GET'], params: eventArchiveParams, handler: listEvents })]

/** GET /events/<id>: any ID reaches the handler, which answers 404 or 400 (reference 6.1, TEC 6.17.2). */
export const eventByIdReadEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['GET'],
    params: { id: integerArg({ description: 'The event ID', required: true, min: 0 }), password },
    handler: (ctx, params, input) => readEvent(ctx, params.id, input.raw),
  }),
]

/** GET /events/by-slug/<slug>: the slug must name an event, else 400 (reference 6.6). */
export const eventBySlugReadEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['GET'],
    params: {
      slug: eventSlugArg('The event slug'),
      password,
    },
    handler: (ctx, params, input) => readEvent(ctx, params.slug, input.raw),
  }),
]
