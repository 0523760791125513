import { isHttpUrl } from '../../collections/markup/isHttpUrl.js'
import { ParamError } from '../errors/ParamError.js'
import { msg } from '../errors/messages.js'
import { parseTimeOnce } from '../dates/parseTimeOnce.js'
import type { Param, ParamDoc, Parse, RequestContext } from '../types.js'

// Constructors for parameter declarations. Every wire quirk of WordPress's argument handling lives
// here, once (reference 1.1 and 1.6): digit strings count as integers, booleans accept
// true/false/1/0/"", list parameters take CSV or `x[]=` arrays, dates carry no `type`.

export interface ArgOptions {
  description?: string
  default?: ParamDoc['default']
  required?: boolean
}

/** What options `O` make of a declaration's presence: `required: true`, a default, or neither (see ValueOf). */
export type Presence<O> = O extends { required: true }
  ? { required: true }
  : O extends { default: infer D }
    ? undefined extends D
      ? unknown
      : { default: D }
    : unknown

/** A kind's declaration: `parse` returns `R`, and the value is present as its options `O` say. */
export type Kind<R, O> = Param<R> & Presence<O>

/** The keys every kind takes from its options. */
export function base<O extends ArgOptions>(options: O | undefined): Pick<ParamDoc, 'description' | 'default' | 'required'> & Presence<O> {
  const spec: Pick<ParamDoc, 'description' | 'default' | 'required'> = {}
  if (options?.default !== undefined) spec.default = options.default
  if (options?.description !== undefined) spec.description = options.description
  if (options?.required) spec.required = true
  // Exactly the keys Presence<O> describes were set above, from the same options.
  return spec as typeof spec & Presence<O>
}

/** An integer from a JSON number or a string of digits; anything else fails. */
export function toInteger(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null
  if (typeof raw === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(raw)) return Number(raw)
  return null
}

/** The largest ID: IDs are PostgreSQL integers, which refuse a larger value with an error, not a miss. */
export const MAX_ID = 2_147_483_647

/** toInteger for a value looked up as an ID: one beyond MAX_ID can name nothing and fails here. */
export function toId(raw: unknown): number | null {
  const n = toInteger(raw)
  return n !== null && n <= MAX_ID ? n : null
}

/** WordPress's rest_is_boolean / rest_sanitize_boolean. */
export function toBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw
  if (raw === 1 || raw === 0) return raw === 1
  if (typeof raw === 'string') {
    const v = raw.trim().toLowerCase()
    if (v === 'true' || v === '1') return true
    if (v === 'false' || v === '0' || v === '') return false
  }
  return null
}

/** A CSV string or an array (`x[]=1&x[]=2`, JSON list) as a list of trimmed non-empty items. */
export function toList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
  if (typeof raw === 'string') return raw.split(',').map((v) => v.trim()).filter(Boolean)
  if (typeof raw === 'number') return [raw]
  return null
}

/** The integer check of integerArg and positiveIntArg: smaller than `min` fails ("Invalid parameter."). */
function integerAtLeast(min: number | undefined): Parse<number> {
  return (raw) => {
    const n = toInteger(raw)
    if (n === null || (min !== undefined && n < min)) throw new ParamError()
    return n
  }
}

/** An integer (type integer). `min` rejects smaller values ("Invalid parameter."). */
export function integerArg<const O extends ArgOptions & { min?: number }>(options?: O): Kind<number, O> {
  return { ...base(options), type: 'integer', parse: integerAtLeast(options?.min) }
}

/** A positive integer, WordPress's is_positive_int: 0, -1, "foo" and 1.5 all fail. */
export function positiveIntArg<const O extends ArgOptions>(options?: O): Kind<number, O> {
  return { ...base(options), type: 'integer', parse: integerAtLeast(1) }
}

/** A number (geolocation), type number, format double. */
export function numberArg<const O extends ArgOptions>(options?: O): Kind<number, O> {
  return {
    ...base(options),
    type: 'number',
    format: 'double',
    parse: (raw) => {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN
      if (!Number.isFinite(n)) throw new ParamError()
      return n
    },
  }
}

/** A boolean; a value WordPress would not read as one fails with "<p> is not of type boolean.". */
export function booleanArg<const O extends ArgOptions>(options?: O): Kind<boolean, O> {
  return {
    ...base(options),
    type: 'boolean',
    parse: (raw, _ctx, name) => {
      const b = toBoolean(raw)
      if (b === null) throw ParamError.wrongType(name, 'boolean')
      return b
    },
  }
}

/**
 * A string. Non-strings fail the type check; empty strings fail unless `allowEmpty` (TEC's
 * is_string validator); `maxLength` bounds what reaches the database.
 */
export function stringArg<const O extends ArgOptions & { allowEmpty?: boolean; maxLength?: number; untyped?: boolean }>(options?: O): Kind<string, O> {
  const max = options?.maxLength ?? 10_000
  return {
    ...base(options),
    ...(options?.untyped ? {} : { type: 'string' as const }),
    parse: (raw, _ctx, name) => {
      if (typeof raw === 'number') raw = String(raw)
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      // NUL: PostgreSQL text cannot hold it, so it would fail in the database instead of here.
      if ((!options?.allowEmpty && raw.trim() === '') || raw.length > max || raw.includes('\u0000')) throw new ParamError()
      return raw
    },
  }
}

/**
 * A date and time strtotime() understands (TEC's is_time); kept raw, read later in the right zone.
 * Validation parses it once, through the per-request memo, and reads it in the zone it is mostly
 * read in (`utc`: UTC, else the site's); later readings, in that zone or another, reuse the parse.
 * Whether a string is a date does not depend on the zone it is read in.
 */
export function timeArg<const O extends ArgOptions & { typed?: boolean; utc?: boolean }>(options?: O): Kind<string | number, O> {
  return {
    ...base(options),
    ...(options?.typed ? { type: 'string' as const } : {}),
    parse: (raw, ctx: RequestContext) => {
      const zone = options?.utc ? 'UTC' : ctx.options.siteTimezone
      if ((typeof raw !== 'string' && typeof raw !== 'number') || !parseTimeOnce(ctx, raw, zone)) {
        throw new ParamError(msg('invalid-date'))
      }
      return raw
    },
  }
}

/** A URL (http or https) or, with allowEmpty, an empty string. */
export function urlArg<const O extends ArgOptions & { allowEmpty?: boolean; typed?: boolean }>(options?: O): Kind<string, O> {
  return {
    ...base(options),
    ...(options?.typed ? { type: 'string' as const } : {}),
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const value = raw.trim()
      if (value === '' && options?.allowEmpty) return ''
      if (!isHttpUrl(value)) throw new ParamError()
      return value
    },
  }
}

// The collections' rule, so the namespace and /api accept the same web addresses.
export { isHttpUrl }

/** A list of positive integers (CSV or array), items type integer. */
export function idListArg<const O extends ArgOptions>(options?: O): Kind<number[], O> {
  return {
    ...base(options),
    items: { type: 'integer' },
    parse: (raw) => {
      const list = toList(raw)
      if (!list || list.length > 500) throw new ParamError()
      const ids = list.map(toId)
      if (ids.some((id) => id === null || id < 1)) throw new ParamError()
      return [...new Set(ids as number[])]
    },
  }
}
