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
/** Payload's own bookkeeping collections without REST (Payload answers 501): not part of the public API. */
const NO_REST = new Set(['payload-migrations'])

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

/** A field by its dotted path; undefined when the path is not known. */
type FieldLookup = (path: string) => FlattenedField | undefined

interface WhereRules {
  fieldAt: FieldLookup
  /** The SQL adapters have no `all` operator (drizzle's operator map leaves it out: a TypeError there). */
  allOperator: boolean
  /** IDs are integers (SQL): an `id` operand of another kind is an error in PostgreSQL's query. */
  numericId: boolean
}

const isIntegerId = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^-?\d{1,10}$/.test(String(v)) && Math.abs(Number(v)) <= 2 ** 31 - 1

function checkIdOperand(operator: string, operand: unknown): void {
  if (operator === 'exists') return
  const items = LIST_OPERATORS.has(operator) ? (Array.isArray(operand) ? operand : isPlainObject(operand) ? Object.values(operand) : String(operand).split(',')) : [operand]
  if (!items.every(isIntegerId)) throw new ApiInputError(`where[id][${operator}] must be ${LIST_OPERATORS.has(operator) ? 'a list of IDs' : 'an ID'} (a whole number).`)
}

/** A select field's option values (PostgreSQL stores them as an enum, which refuses any other value). */
function optionValues(field: FlattenedField | undefined): Set<string> | undefined {
  if (field?.type !== 'select') return undefined
  return new Set(field.options.map((o) => (typeof o === 'string' ? o : o.value)))
}

function checkOperand(path: string, operator: string, operand: unknown, field: FlattenedField | undefined, rules: WhereRules): void {
  const where = `where[${path}][${operator}]`
  if (operator === 'all' && !rules.allOperator) throw new ApiInputError(`${where}: the all operator is not supported on this database.`)
  // Text matching on a date or a select (PostgreSQL: a timestamp or an enum has no LIKE).
  if ((field?.type === 'date' || field?.type === 'select') && (operator === 'like' || operator === 'not_like' || operator === 'contains')) {
    throw new ApiInputError(`${where}: ${operator} applies to text fields; compare ${field.name} with equals, not_equals, ${field.type === 'date' ? 'greater_than or less_than' : 'in or not_in'}.`)
  }
  const options = optionValues(field)
  const notAnOption = (value: unknown) => options !== undefined && operator !== 'exists' && value !== 'null' && !options.has(String(value))
  if (LIST_OPERATORS.has(operator)) {
    const items = Array.isArray(operand) ? operand : isPlainObject(operand) ? Object.values(operand) : [operand]
    if (!items.every(isScalar)) throw new ApiInputError(`${where} must be a list of values.`)
    if (items.flatMap((i) => String(i).split(',')).some(notAnOption)) throw new ApiInputError(`${where} must be a list of ${[...options!].join(', ')}.`)
    if (field?.type === 'checkbox' && !items.flatMap((i) => String(i).split(',')).every((i) => i === 'true' || i === 'false')) {
      throw new ApiInputError(`${where} must be a list of true and false.`)
    }
    if (field?.type === 'number' && !field.hasMany && !items.flatMap((i) => String(i).split(',')).every((i) => i.trim() !== '' && Number.isFinite(Number(i)))) {
      throw new ApiInputError(`${where} must be a list of numbers.`)
    }
    if (linksByNumericId(field, rules) && !items.flatMap((i) => String(i).split(',')).every((i) => i === 'null' || isIntegerId(i.trim()))) {
      throw new ApiInputError(`${where} must be a list of IDs (whole numbers).`)
    }
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
  if (notAnOption(operand)) throw new ApiInputError(`${where} must be one of ${[...options!].join(', ')}.`)
  if (operator === 'exists') {
    if (!['true', 'false', true, false].includes(operand as never)) throw new ApiInputError(`${where} must be true or false.`)
    return
  }
  // A link to another collection holds that collection's integer ID (SQLite: "1,2" fails to bind; an
  // order comparison with a word fails in Payload's query building).
  if (linksByNumericId(field, rules) && (operator === 'equals' || operator === 'not_equals' || COMPARISONS.has(operator)) && operand !== 'null' && !isIntegerId(operand)) {
    throw new ApiInputError(`${where} must be an ID (a whole number).`)
  }
  // Typed comparisons the database would choke on.
  if (field?.type === 'date' && (COMPARISONS.has(operator) || operator === 'equals' || operator === 'not_equals') && Number.isNaN(Date.parse(String(operand)))) {
    throw new ApiInputError(`${where} must be a date.`)
  }
  // A boolean column compares with true or false only (PostgreSQL: LIKE on a boolean fails).
  if (field?.type === 'checkbox' && (operator === 'equals' || operator === 'not_equals' ? !['true', 'false', 'null', true, false].includes(operand as never) : true)) {
    throw new ApiInputError(`${where}: ${field.name} is true or false; compare it with equals or not_equals.`)
  }
  // Any comparison with a number column, text ones included (PostgreSQL: not_like 'x' on a number fails).
  if (field?.type === 'number' && operand !== 'null' && (String(operand).trim() === '' || !Number.isFinite(Number(operand)))) {
    throw new ApiInputError(`${where} must be a number.`)
  }
}

/** A relationship or upload to one collection, on a database whose IDs are numbers. */
function linksByNumericId(field: FlattenedField | undefined, rules: WhereRules): boolean {
  return rules.numericId && (field?.type === 'relationship' || field?.type === 'upload') && typeof field.relationTo === 'string'
}

/** `where` as Payload accepts it: nested and/or lists of {path: {operator: operand}}. */
function checkWhere(where: unknown, rules: WhereRules, depth = 0): void {
  if (depth > MAX_WHERE_DEPTH) throw new ApiInputError(`where is nested more than ${MAX_WHERE_DEPTH} levels deep.`)
  if (!isPlainObject(where)) throw new ApiInputError('where must be an object of field conditions.')
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : null
      if (!list) throw new ApiInputError(`where[${key}] must be a list of conditions.`)
      for (const item of list) checkWhere(item, rules, depth + 1)
      continue
    }
    if (!SAFE_PATH.test(key)) throw new ApiInputError(`where: "${key}" is not a field path.`)
    if (!isPlainObject(value)) throw new ApiInputError(`where[${key}] must name an operator, e.g. where[${key}][equals]=…`)
    for (const [operator, operand] of Object.entries(value)) {
      if (!LIST_OPERATORS.has(operator) && !GEO_OPERATORS.has(operator) && !SCALAR_OPERATORS.has(operator)) {
        throw new ApiInputError(`where[${key}]: "${operator}" is not an operator.`)
      }
      checkOperand(key, operator, operand, rules.fieldAt(key), rules)
      if (key === 'id' && rules.numericId) checkIdOperand(operator, operand)
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
function checkQuery(query: Record<string, unknown>, slug: string, fieldAt: FieldLookup | null, rules: Omit<WhereRules, 'fieldAt'>): void {
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
      if (fieldAt && name !== 'id' && !fieldAt(name)) throw new ApiInputError(`sort: "${path}" is not a field of ${slug}.`)
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
    checkWhere(where, { ...rules, fieldAt: fieldAt ?? (() => undefined) })
  }
}

/** Static first segments of a collection's routes (`me`, `login`, `versions`, custom endpoints…), with their methods. */
function routeNames(collection: SanitizedCollectionConfig): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>()
  for (const endpoint of collection.endpoints || []) {
    const first = endpoint.path.split('/').filter(Boolean)[0]
    if (!first || first.startsWith(':')) continue
    const methods = names.get(first) ?? new Set<string>()
    methods.add(String(endpoint.method).toUpperCase())
    names.set(first, methods)
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
      // Keyed by any string: the lookups are by request path segments, not known slugs.
      config.slug as string,
      {
        config,
        routes: routeNames(config),
        fields: new Map(config.flattenedFields.map((f) => [f.name, f])),
        numericId: numericIds && !hasOtherKeys(config) && !config.flattenedFields.some((f) => f.name === 'id' && f.type === 'text'),
      },
    ]),
  )
  const allOperator = payload.db.name === 'mongoose'
  // A dotted path through groups and single-collection relationships (image.updatedAt), so operands
  // of typed fields behind a relationship are checked like the collection's own.
  const fieldAtPath = (slug: string, path: string): FlattenedField | undefined => {
    let fields = collections.get(slug)?.fields
    let field: FlattenedField | undefined
    for (const name of path.split('.')) {
      field = fields?.get(name)
      if (!field) return undefined
      if (field.type === 'group' || field.type === 'tab') fields = new Map(field.flattenedFields.map((f) => [f.name, f]))
      else if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') fields = collections.get(field.relationTo)?.fields
      else fields = undefined
    }
    return field
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path
    if (!path.startsWith(`${apiRoute}/`)) return next()
    try {
      const segments = path.slice(apiRoute.length + 1).split('/')
      // Decoded here so a malformed escape is the client's 400, not a URIError deeper down; dot
      // segments would be resolved by URL parsing into another route than the one checked here.
      const decoded = segments.map(decodeSegment)
      if (decoded.some((s) => s === '.' || s === '..')) throw new ApiInputError('The path may not contain "." or ".." segments.')
      const [slug, second] = decoded
      if (NO_REST.has(slug ?? '')) throw new ApiInputError('Not Found', 404)
      const collection = collections.get(slug ?? '')
      if (!collection) return next()
      const method = req.method === 'HEAD' ? 'GET' : req.method
      const methods = second === undefined ? undefined : collection.routes.get(second)
      const isId = second !== undefined && /^\d{1,15}$/.test(second)
      if (second && collection.numericId && !methods && !isId) throw new ApiInputError('Not Found', 404)
      // An operation's name with another method (GET /api/users/logout) would be read as an ID.
      if (methods && collection.numericId && method !== 'OPTIONS' && !methods.has(method) && decoded.length === 2) {
        res.set('Allow', [...methods].join(', '))
        throw new ApiInputError('Method Not Allowed', 405)
      }
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
      // Sub-routes (versions, …) query other documents: their shapes are checked, not their names;
      // `count` counts the collection's own documents, so its fields are checked as a list's are.
      const rules = { allOperator, numericId: collection.numericId }
      const fieldAt = methods && second !== 'count' ? null : (path: string) => fieldAtPath(collection.config.slug, path)
      checkQuery(qs.parse(search, QS_OPTIONS) as Record<string, unknown>, collection.config.slug, fieldAt, rules)
      const override = req.get('x-payload-http-method-override') ?? req.get('x-http-method-override')
      const body = bufferedBody(req)
      if (req.method === 'POST' && override === 'GET' && body && req.is('application/x-www-form-urlencoded')) {
        checkQuery(qs.parse(body.toString('utf8'), QS_OPTIONS) as Record<string, unknown>, collection.config.slug, fieldAt, rules)
      }
    } catch (error) {
      if (!(error instanceof ApiInputError)) throw error
      res.status(error.status).json({ errors: [{ message: error.message }] })
      return
    }
    next()
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiInputError('The path has a malformed percent-escape.')
  }
}
