import { EVENTS } from '../../../collections/slugs.js'
import { integerArg } from '../../params/kinds.js'
import { locatePost } from '../../data/index.js'
import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef, RequestContext } from '../../types.js'
import { createEvent } from '../handlers/createEvent.js'
import { deleteEvent } from '../handlers/deleteEvent.js'
import { eventSlugArg } from '../params/eventSlugArg.js'
import { eventWriteArgs } from '../params/eventWriteArgs.js'
import { mayChangePost, mayCreatePost } from '../../permissions/index.js'
import { sentArgs } from '../params/sentArgs.js'
import { passwordArg } from '../params/unlockArgs.js'
import { scopeArg } from '../params/scopeArg.js'
import { updateEvent } from '../handlers/updateEvent.js'

// The ID routes' own arguments come first, then the create ones, none required (TEC's EDIT_args).
// `password` is the read password of protected events; writers may edit the event anyway, so writes ignore it.
const idArgs = {
  id: integerArg({ description: 'The event ID', required: true, min: 0 }),
  password: passwordArg('The event password'),
}
const updateArgs = eventWriteArgs({ create: false })
const mayChangeEvent = mayChangePost(EVENTS)
const mayChangeEventBySlug = mayChangePost(EVENTS, 'slug')
const UPDATE_METHODS: EndpointDef['methods'] = ['POST', 'PUT', 'PATCH']

/**
 * The event a by-slug write targets: a body `slug` replaces the one in the path and selects the
 * event, so an event cannot be renamed here (reference 6.6). 0 when no event has it (the handler's 404).
 */
async function bySlug(ctx: RequestContext, slug: unknown): Promise<number> {
  if (typeof slug === 'number') return slug
  return typeof slug === 'string' ? ((await locatePost(ctx, EVENTS, { slug }))?.id ?? 0) : 0
}

/** POST /events (create). */
export const eventCreateEndpoints: EndpointDef[] = [
  defineEndpoint({ methods: ['POST'], params: eventWriteArgs({ create: true }), permission: mayCreatePost, handler: createEvent }),
]

/** DELETE and POST/PUT/PATCH /events/<id>, in the reference's registration order. */
export const eventByIdWriteEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['DELETE'],
    params: idArgs,
    permission: mayChangeEvent,
    handler: (ctx, params) => deleteEvent(ctx, params.id),
  }),
  defineEndpoint({
    methods: UPDATE_METHODS,
    params: { ...idArgs, ...updateArgs, scope: scopeArg('Extension: on an occurrence of a recurring event, what the write changes: this occurrence, this and the following ones, or all') },
    permission: mayChangeEvent,
    handler: (ctx, params, input) => updateEvent(ctx, params.id, params, sentArgs(params, input), params.scope),
  }),
]

/** DELETE and POST/PUT/PATCH /events/by-slug/<slug>. */
export const eventBySlugWriteEndpoints: EndpointDef[] = [
  defineEndpoint({
    methods: ['DELETE'],
    // Parsed to the event's ID; an unknown slug fails validation (reference 6.6).
    params: { slug: eventSlugArg('The event slug') },
    permission: mayChangeEventBySlug,
    handler: (ctx, params) => deleteEvent(ctx, params.slug),
  }),
  defineEndpoint({
    methods: UPDATE_METHODS,
    params: updateArgs,
    permission: mayChangeEventBySlug,
    handler: async (ctx, params, input) => updateEvent(ctx, await bySlug(ctx, params.slug), params, sentArgs(params, input, ['slug'])),
  }),
]
