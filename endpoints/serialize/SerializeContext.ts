import type { RequestContext } from '../types.js'

/**
 * What a serializer reads of the request: the REST base (rest_url, links), the options and the caller
 * (the methods a term's links allow). Never Payload: serializers are pure functions of what the load
 * stage returned.
 */
export type SerializeContext = Pick<RequestContext, 'base' | 'options' | 'user'>
