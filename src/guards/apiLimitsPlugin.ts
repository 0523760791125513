import { APIError, type CollectionBeforeOperationHook, type Config, type PayloadRequest, type Plugin } from 'payload'
import { roleOf } from '../../collections/roles.js'

export interface ApiLimits {
  /** Largest `limit` of a REST or GraphQL list below editor (API_MAX_LIMIT). */
  maxLimit: number
  /** Wall-clock budget of one GraphQL request (GRAPHQL_TIMEOUT_MS). */
  graphqlTimeoutMs: number
}

/** Editors and administrators manage content in the admin, which may list everything. */
function mayListEverything(req: PayloadRequest): boolean {
  const role = roleOf(req.user)
  return role === 'administrator' || role === 'editor'
}

const DEADLINE = 'graphqlDeadline'

/**
 * The GraphQL time budget: the first operation of a request starts the clock; any operation after
 * the budget fails at once, so a slow query stops doing database work instead of running on.
 */
function checkGraphqlBudget(req: PayloadRequest, budgetMs: number): void {
  const context = req.context as Record<string, unknown>
  const deadline = context[DEADLINE] as number | undefined
  if (deadline === undefined) context[DEADLINE] = Date.now() + budgetMs
  else if (Date.now() > deadline) throw new APIError(`The query took longer than its ${budgetMs} ms budget.`, 400, undefined, true)
}

/**
 * Page sizes of /api and GraphQL for callers below editor, like the namespace's per_page cap: a
 * `limit` above maxLimit, zero (Payload's "no limit") or negative becomes maxLimit, and
 * `pagination=false` is ignored (a page of at most maxLimit is returned). The Local API (our own
 * code) is not limited.
 */
export function apiLimitsHook(limits: ApiLimits): CollectionBeforeOperationHook {
  return ({ args, operation, req }) => {
    if (req.payloadAPI !== 'REST' && req.payloadAPI !== 'GraphQL') return args
    if (req.payloadAPI === 'GraphQL') checkGraphqlBudget(req, limits.graphqlTimeoutMs)
    if (operation !== 'read' && operation !== 'findVersions') return args
    // A single read (findByID) has no page to cap.
    if (mayListEverything(req) || 'id' in args) return args
    const limit = (args as { limit?: unknown }).limit
    const capped = typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? Math.min(limit, limits.maxLimit) : limit === undefined ? undefined : limits.maxLimit
    return { ...args, limit: capped, pagination: true }
  }
}

/** Adds the page-size cap and the GraphQL budget to every collection of the config. */
export function apiLimitsPlugin(limits: ApiLimits): Plugin {
  const hook = apiLimitsHook(limits)
  return (config: Config): Config => ({
    ...config,
    collections: (config.collections ?? []).map((collection) => ({
      ...collection,
      hooks: { ...collection.hooks, beforeOperation: [...(collection.hooks?.beforeOperation ?? []), hook] },
    })),
  })
}
