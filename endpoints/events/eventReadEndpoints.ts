import { ParamError } from '../errors/ParamError.js'
import { integerArg, stringArg } from '../params/kinds.js'
import type { EndpointDef, ParamSpec } from '../types.js'
import { eventArchiveParams } from './archiveParams.js'
import { listEvents } from './listEvents.js'
import { eventIdBySlug } from './locateEvent.js'
import { readEvent } from './readEvent.js'

const password: ParamSpec = stringArg({ description: 'The event password' })

/** GET /events (the archive). */
export const eventArchiveEndpoints: EndpointDef[] = [{ methods: ['GET'], params: eventArchiveParams, handler: listEvents }]

/** GET /events/<id>: any ID reaches the handler, which answers 404 or 400 (reference 6.1, TEC 6.17.2). */
export const eventByIdReadEndpoints: EndpointDef[] = [
  {
    methods: ['GET'],
    params: { id: integerArg({ description: 'The event ID', required: true, min: 0 }), password },
    handler: (ctx, params, input) => readEvent(ctx, params.id as number, input.raw),
  },
]

/** GET /events/by-slug/<slug>: the slug must name an event, else 400 (reference 6.6). */
export const eventBySlugReadEndpoints: EndpointDef[] = [
  {
    methods: ['GET'],
    params: {
      slug: {
        ...stringArg({ description: 'The event slug', required: true, maxLength: 200 }),
        parse: async (raw, ctx, name) => {
          const slug = (await stringArg({ maxLength: 200 }).parse!(raw, ctx, name)) as string
          const id = await eventIdBySlug(ctx, slug)
          if (id === undefined) throw new ParamError()
          return id
        },
      },
      password,
    },
    handler: (ctx, params, input) => readEvent(ctx, params.slug as number, input.raw),
  },
]
