import { APIError, type CollectionBeforeOperationHook, type Config, type PayloadRequest, type Plugin } from 'payload'
import { roleOf } from '../../collections/roles.js'
import { replacePreferenceDelete } from './deletePreference.js'
import { fieldShapeHook } from './fieldShapes.js'

export interface ApiLimits {
  /** Largest `limit` of a REST or GraphQL list below editor (API_MAX_LIMIT). */
  maxLimit: number
  /** Wall-clock budget of one GraphQL request (GRAPHQL_TIMEOUT_MS). */
  graphqlTimeoutMs: number
  /** Documents one GraphQL request may list in all below editor (GRAPHQL_MAX_DOCUMENTS). */
  graphqlMaxDocuments: number
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

const DOCUMENTS = 'graphqlDocuments'
/** Payload's page size when a list asks for none. */
const DEFAULT_PAGE = 10

/**
 * Documents one GraphQL request may list below editor, over all its list fields: a query's work is
 * bounded by what it reads (each document costs its hooks and relationships), so aliases or several
 * root fields cannot multiply a page.
 */
function countGraphqlDocuments(req: PayloadRequest, limit: number, max: number): void {
  const context = req.context as Record<string, unknown>
  const total = ((context[DOCUMENTS] as number | undefined) ?? 0) + limit
  context[DOCUMENTS] = total
  if (total > max) throw new APIError(`This query lists more than ${max} documents in all; ask for fewer or page through them.`, 400, undefined, true)
}

/**
 * Page sizes of /api and GraphQL for callers below editor, like the namespace's per_page cap: a
 * `limit` above maxLimit, zero (Payload's "no limit") or negative becomes maxLimit, and
 * `pagination=false` is ignored (a page of at most maxLimit is returned); one GraphQL request lists
 * at most graphqlMaxDocuments documents in all (the page sizes it asks for). The Local API (our own code) is not limited, nor is Payload's
 * own population of relationships (its dataloader's finds by ID, marked by disableErrors).
 */
export function apiLimitsHook(limits: ApiLimits): CollectionBeforeOperationHook {
  return ({ args, operation, req }) => {
    if (req.payloadAPI !== 'REST' && req.payloadAPI !== 'GraphQL') return args
    if (req.payloadAPI === 'GraphQL') checkGraphqlBudget(req, limits.graphqlTimeoutMs)
    if (operation !== 'read' && operation !== 'findVersions') return args
    // A single read (findByID) has no page to cap; population reads exactly the IDs it links.
    const internal = (args as { disableErrors?: boolean }).disableErrors === true
    if (mayListEverything(req) || 'id' in args || internal) return args
    const limit = (args as { limit?: unknown }).limit
    const capped = typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? Math.min(limit, limits.maxLimit) : limit === undefined ? undefined : limits.maxLimit
    if (req.payloadAPI === 'GraphQL') countGraphqlDocuments(req, capped ?? DEFAULT_PAGE, limits.graphqlMaxDocuments)
    return { ...args, limit: capped, pagination: true }
  }
}

/**
 * Adds the field-shape check (first: the collections' own hooks then see only well-formed data), the
 * page-size cap and the GraphQL budget to every collection of the config.
 */
export function apiLimitsPlugin(limits: ApiLimits): Plugin {
  const hook = apiLimitsHook(limits)
  return (config: Config): Config => ({
    ...config,
    collections: (config.collections ?? []).map((collection) => ({
      ...collection,
      hooks: { ...collection.hooks, beforeOperation: [fieldShapeHook, ...(collection.hooks?.beforeOperation ?? []), hook] },
    })),
    onInit: async (payload) => {
      // Payload adds its own collections (preferences, locked documents, migrations) after the plugins ran.
      for (const { config: collection } of Object.values(payload.collections)) {
        const hooks = (collection.hooks.beforeOperation ??= [])
        if (!hooks.includes(fieldShapeHook)) hooks.unshift(fieldShapeHook)
        if (collection.slug === 'payload-preferences') replacePreferenceDelete(collection.endpoints as Parameters<typeof replacePreferenceDelete>[0])
      }
      await config.onInit?.(payload)
    },
  })
}
