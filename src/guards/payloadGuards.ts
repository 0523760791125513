import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Payload } from 'payload'
import { env } from '../env.js'
import { apiErrorEnvelope } from './apiErrorEnvelope.js'
import { apiQueryGuard } from './apiQueryGuard.js'
import { BodyTooLargeError, bodyLimit } from './bodyLimit.js'
import { type GraphqlLimits, graphqlGuard } from './graphqlLimits.js'
import { mediaFileGuard } from './mediaFileGuard.js'
import { multipartPayloadGuard } from './multipartPayloadGuard.js'

export interface PayloadGuardSettings {
  /** MAX_BODY_BYTES: any body to the admin, /api or /api/graphql. */
  maxBodyBytes: number
  /** MAX_UPLOAD_BYTES: multipart bodies to an upload collection's /api route. */
  maxUploadBytes: number
  /** GRAPHQL: false answers /api/graphql and its playground 404. */
  graphql: boolean
  graphqlLimits: GraphqlLimits
}

/** The settings as configured (MAX_BODY_BYTES, MAX_UPLOAD_BYTES, GRAPHQL, GRAPHQL_MAX_*). */
export function guardSettings(): PayloadGuardSettings {
  return { maxBodyBytes: env.MAX_BODY_BYTES, maxUploadBytes: env.MAX_UPLOAD_BYTES, graphql: env.GRAPHQL, graphqlLimits: graphqlLimits() }
}

/** GRAPHQL_MAX_DEPTH, _ALIASES, _TOKENS, _COST as configured. */
export function graphqlLimits(): GraphqlLimits {
  return { maxDepth: env.GRAPHQL_MAX_DEPTH, maxAliases: env.GRAPHQL_MAX_ALIASES, maxTokens: env.GRAPHQL_MAX_TOKENS, maxCost: env.GRAPHQL_MAX_COST }
}

/**
 * What runs in front of Next (admin, Payload's /api and /api/graphql), before Payload authenticates
 * or reads anything: /api's error envelope on Payload's not-found answers, GraphQL on/off, the body
 * limit, the GraphQL pre-checks, multipart `_payload`, the /api path and query checks, and upload
 * file names that are not on disk. Pair with withBufferedBody(req) when handing the request to Next.
 */
export function payloadGuards(payload: Payload, settings: PayloadGuardSettings): RequestHandler[] {
  const api = payload.config.routes.api
  const graphqlPaths = new Set([`${api}${payload.config.routes.graphQL}`, `${api}${payload.config.routes.graphQLPlayground}`])
  const uploadPrefixes = payload.config.collections.filter((c) => c.upload).map((c) => `${api}/${c.slug}`)
  const isUpload = (req: Request) =>
    req.is('multipart/form-data') === 'multipart/form-data' && uploadPrefixes.some((p) => req.path === p || req.path.startsWith(`${p}/`))
  const graphqlPath = `${api}${payload.config.routes.graphQL}`

  const graphqlSwitch: RequestHandler = (req, res, next) => {
    if (!settings.graphql && graphqlPaths.has(req.path)) res.status(404).json({ errors: [{ message: 'Not Found' }] })
    else next()
  }
  const limit = bodyLimit((req) => (isUpload(req) ? settings.maxUploadBytes : settings.maxBodyBytes))
  // A too-large body, in Payload's envelope.
  const tooLarge = (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof BodyTooLargeError)) return next(err)
    res.status(413).json({ errors: [{ message: `The request body is too large (at most ${err.limit} bytes).` }] })
  }
  const graphql = graphqlGuard(settings.graphqlLimits)
  const graphqlChecks: RequestHandler = (req, res, next) => (req.method === 'POST' && req.path === graphqlPath ? graphql(req, res, next) : next())
  return [
    apiErrorEnvelope(api, graphqlPaths),
    graphqlSwitch,
    limit,
    tooLarge as unknown as RequestHandler,
    graphqlChecks,
    multipartPayloadGuard(api),
    apiQueryGuard(payload, api),
    mediaFileGuard(payload),
  ]
}
