import type { EndpointDef, EndpointInput, ParamSpecs, Params, PermissionParams, RequestContext, RestResponse } from './types.js'

/**
 * Declares an endpoint so that its handler and permission get the values its `params` declare, typed:
 * reading an undeclared parameter, or using one as another type, does not compile. Functions passed
 * by name are checked as strictly as inline ones.
 */
export function defineEndpoint<const P extends ParamSpecs>(
  endpoint: EndpointDef<P> & {
    permission?: (ctx: RequestContext, params: PermissionParams<P>) => boolean | Promise<boolean>
    handler: (ctx: RequestContext, params: Params<P>, input: EndpointInput) => Promise<RestResponse> | RestResponse
  },
): EndpointDef<P> {
  return endpoint
}
