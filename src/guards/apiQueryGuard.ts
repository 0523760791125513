import type { NextFunction, Request, Response } from 'express'
import type { FlattenedField, Payload, SanitizedCollectionConfig } from 'payload'
// Payload's own query-string parser, with the options Payload parses /api query strings with, so what
// is checked here is exactly what Payload would read.
import * as qs from 'qs-esm'
import { bufferedBody } from './bodyLimit.js'

const QS_OPTIONS = { allowEmptyArrays: true, arrayLimit: 1000, depth: 10, ignoreQueryPrefix: true }

// Payload's where operators (payload/dist/types/constants.js), by the operand each takes.
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])
const GEO_OPERATORS = new Set(['near', 'within', 'intersects'])
const COMPARISONS = new Set(['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])
const SCALAR_OPERATORS = new Set(['equals', 'not_equals', 'contains', 'like', 'not_like', 'exists', ...COMPARISONS])
const SAFE_PATH = /^\w+(?:\.\w+)*$/
const MAX_WHERE_DEPTH = 8

/** A 400 or 404 in Payload's /api envelope. */
class ApiInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'

function checkOperand(path: string, operator: string, operand: unknown, field: FlattenedField | undefined): void {
  const where = `where[${path}][${operator}]`
  if (LIST_OPERATORS.has(operator)) {
    const items = Array.isArray(operand) ? operand : isPlainObject(operand) ? Object.values(operand) : [operand]
    if (!items.every(isScalar)) throw new ApiInputError(`${where} must be a list of values.`)
    return
  }
  if (GEO_OPERATORS.has(operator)) {
    if (field?.type !== 'point') throw new ApiInputError(`${where}: ${operator} applies to point fields only.`)
    if (operator === 'near') {
      const parts = typeof operand === 'string' ? operand.split(',') : []
      if (parts.length < 2 || parts.length > 4 || !parts.every((p) => p.trim() !== '' && Number.isFinite(Number(p)))) {
        throw new ApiInputError(`${where} must be "longitude,latitude[,maxDistance[,minDistance]]".`)
      }
    }
    return
  }
  if (!isScalar(operand)) throw new ApiInputError(`${where} must be a single value.`)
  if (operator === 'exists') {
    if (!['true', 'false', true, false].includes(operand as never)) throw new ApiInputError(`${where} must be true or false.`)
    return
  }
  // Typed comparisons the database would choke on.
  if (field?.type === 'date' && (COMPARISONS.has(operator) || operator === 'equals' || operator === 'not_equals') && Number.isNaN(Date.parse(String(operand)))) {
    throw new ApiInputError(`${where} must be a date.`)
  }
  if (field?.type === 'number' && COMPARISONS.has(operator) && !Number.isFinite(Number(operand))) {
    throw new ApiInputError(`${where} must be a number.`)
  }
}

/** `where` as Payload accepts it: nested and/or lists of {path: {operator: operand}}. */
function checkWhere(where: unknown, fields: Map<string, FlattenedField>, depth = 0): void {
  if (depth > MAX_WHERE_DEPTH) throw new ApiInputError(`where is nested more than ${MAX_WHERE_DEPTH} levels deep.`)
  if (!isPlainObject(where)) throw new ApiInputError('where must be an object of field conditions.')
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : null
      if (!list) throw new ApiInputError(`where[${key}] must be a list of conditions.`)
      for (const item of list) checkWhere(item, fields, depth + 1)
      continue
    }
    if (!SAFE_PATH.test(key)) throw new ApiInputError(`where: "${key}" is not a field path.`)
    if (!isPlainObject(value)) throw new ApiInputError(`where[${key}] must name an operator, e.g. where[${key}][equals]=…`)
    for (const [operator, operand] of Object.entries(value)) {
      if (!LIST_OPERATORS.has(operator) && !GEO_OPERATORS.has(operator) && !SCALAR_OPERATORS.has(operator)) {
        throw new ApiInputError(`where[${key}]: "${operator}" is not an operator.`)
      }
      checkOperand(key, operator, operand, fields.get(key))
    }
  }
}

function checkInteger(query: Record<string, unknown>, name: string, min: number): void {
  if (!(name in query)) return
  const value = query[name]
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min) {
    throw new ApiInputError(`${name} must be a whole number${min > 0 ? ` from ${min}` : ''}.`)
  }
}

/**
 * The query parameters of Payload's collection routes, checked against the shapes Payload reads;
 * `fields` (the documents' own, for the list and ID routes) also checks sort names and typed operands.
 */
function checkQuery(query: Record<string, unknown>, slug: string, fields: Map<string, FlattenedField> | null): void {
  checkInteger(query, 'limit', 0)
  checkInteger(query, 'page', 1)
  checkInteger(query, 'depth', 0)
  for (const name of ['pagination', 'draft', 'trash']) {
    if (name in query && !['true', 'false'].includes(query[name] as string)) throw new ApiInputError(`${name} must be true or false.`)
  }
  if ('sort' in query) {
    const raw = query.sort
    const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null
    if (!list || !list.every((s) => typeof s === 'string')) throw new ApiInputError('sort must be a field name or a comma-separated list of them.')
    for (const entry of list as string[]) {
      const path = entry.trim().replace(/^-/, '')
      if (path === '') continue
      if (!SAFE_PATH.test(path)) throw new ApiInputError(`sort: "${path}" is not a field path.`)
      const name = path.split('.')[0]!
      if (fields && name !== 'id' && !fields.has(name)) throw new ApiInputError(`sort: "${path}" is not a field of ${slug}.`)
    }
  }
  if ('where' in query) {
    let where = query.where
    if (typeof where === 'string') {
      try {
        where = JSON.parse(where)
      } catch {
        throw new ApiInputError('where must be an object of field conditions (or its JSON).')
      }
    }
    checkWhere(where, fields ?? new Map())
  }
}

/** Static first segments of a collection's routes (`me`, `login`, `versions`, custom endpoints…). */
function routeNames(collection: SanitizedCollectionConfig): Set<string> {
  const names = new Set<string>()
  for (const endpoint of collection.endpoints || []) {
    const first = endpoint.path.split('/').filter(Boolean)[0]
    if (first && !first.startsWith(':')) names.add(first)
  }
  return names
}

/** Whether a collection's own routes take something other than an ID after its slug (preferences' `/:key`). */
function hasOtherKeys(collection: SanitizedCollectionConfig): boolean {
  return (collection.endpoints || []).some((endpoint) => {
    const first = endpoint.path.split('/').filter(Boolean)[0]
    return first?.startsWith(':') && first !== ':id'
  })
}

/**
 * In front of Payload's REST (`/api/<collection>[/<id>]`): malformed `where`, `limit`, `page`, `depth`,
 * `sort`, boolean flags, and non-integer IDs of integer-ID collections are answered 400 / 404 in
 * Payload's `{errors: [{message}]}` envelope instead of reaching the database. Also checks the
 * form-encoded query of a POST with X-HTTP-Method-Override: GET (the admin's relationship lookups).
 */
export function apiQueryGuard(payload: Payload, apiRoute = '/api') {
  const numericIds = payload.db.defaultIDType === 'number'
  const collections = new Map(
    Object.values(payload.collections).map(({ config }) => [
      config.slug,
      {
        config,
        routes: routeNames(config),
        fields: new Map(config.flattenedFields.map((f) => [f.name, f])),
        numericId: numericIds && !hasOtherKeys(config) && !config.flattenedFields.some((f) => f.name === 'id' && f.type === 'text'),
      },
    ]),
  )
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path
    if (!path.startsWith(`${apiRoute}/`)) return next()
    const [slug, second] = path.slice(apiRoute.length + 1).split('/')
    const collection = collections.get(slug ?? '')
    if (!collection) return next()
    try {
      if (second && collection.numericId && !collection.routes.has(second) && !/^\d{1,15}$/.test(decodeURIComponent(second))) {
        throw new ApiInputError('Not Found', 404)
      }
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
      // Sub-routes (versions, count, …) query other documents: their shapes are checked, not their names.
      const fields = second && collection.routes.has(second) ? null : collection.fields
      checkQuery(qs.parse(search, QS_OPTIONS) as Record<string, unknown>, collection.config.slug, fields)
      const override = req.get('x-payload-http-method-override') ?? req.get('x-http-method-override')
      const body = bufferedBody(req)
      if (req.method === 'POST' && override === 'GET' && body && req.is('application/x-www-form-urlencoded')) {
        checkQuery(qs.parse(body.toString('utf8'), QS_OPTIONS) as Record<string, unknown>, collection.config.slug, fields)
      }
    } catch (error) {
      if (!(error instanceof ApiInputError)) throw error
      res.status(error.status).json({ errors: [{ message: error.message }] })
      return
    }
    next()
  }
}
