import { APIError, type CollectionBeforeOperationHook, type FlattenedField, ValidationError } from 'payload'
import { LATEST_STORED_INSTANT } from '../../endpoints/dates/storedInstant.js'

/** Field types whose value is one string, number or boolean (a list where `hasMany`). */
const SCALAR_TYPES = new Set(['text', 'textarea', 'email', 'code', 'radio', 'select', 'checkbox', 'date'])
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z')
const LATEST = Date.parse(LATEST_STORED_INSTANT)

type Problem = { path: string; message: string }

/**
 * Deeper than any document the collections hold (rich text's nested lists included). Payload merges a
 * write's data into the stored document recursively, once per level (beforeChange), so a body nested
 * a few thousand levels deep overflowed the stack: a 500 instead of a 400.
 */
export const MAX_BODY_DEPTH = 100

/** How deeply `value` nests objects and arrays, counted without recursion; stops once past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0
  const pending: Array<[unknown, number]> = [[value, 1]]
  while (pending.length) {
    const [item, depth] = pending.pop()!
    if (typeof item !== 'object' || item === null) continue
    deepest = Math.max(deepest, depth)
    if (deepest > limit) break
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1])
  }
  return deepest
}

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A date as Payload stores it: a string or number naming an instant with a four-digit year, or a Date. */
function isStorableDate(value: unknown): boolean {
  if (typeof value === 'boolean') return false
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN
  return Number.isFinite(time) && time >= EARLIEST && time <= LATEST
}

function check(fields: FlattenedField[], data: Record<string, unknown>, prefix: string, problems: Problem[]): void {
  for (const field of fields) {
    const value = data[field.name]
    if (value === undefined || value === null) continue
    const path = `${prefix}${field.name}`
    if (SCALAR_TYPES.has(field.type)) {
      const many = 'hasMany' in field && field.hasMany === true
      const values = many && Array.isArray(value) ? value : [value]
      const ok = field.type === 'date' ? values.every(isStorableDate) : values.every(isScalar)
      if (!ok) problems.push({ path, message: field.type === 'date' ? 'Not a date between the years 1 and 9999.' : many ? 'Must be a value or a list of values.' : 'Must be a single value.' })
    } else if (field.type === 'group' || field.type === 'tab') {
      if (!isRecord(value)) problems.push({ path, message: 'Must be an object.' })
      else check(field.flattenedFields, value, `${path}.`, problems)
    } else if (field.type === 'array') {
      if (!Array.isArray(value)) continue // Payload's own check answers this one
      value.forEach((row, i) => {
        if (!isRecord(row)) problems.push({ path: `${path}.${i}`, message: 'Must be an object.' })
        else check(field.flattenedFields, row, `${path}.${i}.`, problems)
      })
    }
  }
}

/**
 * Before a REST or GraphQL create or update: every field of the collection (Payload's timestamps
 * included) gets a value of its kind, or the operation fails with a ValidationError (400, the field
 * paths in `data.errors`). Payload leaves `createdAt`/`updatedAt`/`deletedAt` unvalidated and reads a
 * date field's list as its first item, so `{"createdAt":[]}`, `{"createdAt":"x"}` or a text field
 * given an object reached the database (a 500, or a row that cannot be read back). A body Payload
 * does not read (neither JSON nor multipart: no data at all) is an empty one, as an empty JSON body
 * is (an update without data was a 500); JSON that is not an object, or nested more than
 * MAX_BODY_DEPTH levels, is a 400.
 */
export const fieldShapeHook: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (req.payloadAPI !== 'REST' && req.payloadAPI !== 'GraphQL') return args
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: unknown }).data
  if (data === undefined) return { ...args, data: {} }
  if (!isRecord(data)) throw new APIError('The request body must be a JSON object.', 400, undefined, true)
  if (nestingDepth(data, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw new APIError(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, 400, undefined, true)
  const problems: Problem[] = []
  check(collection.flattenedFields, data, '', problems)
  if (problems.length) throw new ValidationError({ collection: collection.slug, errors: problems }, req.t)
  return args
}
