import { translate } from '../i18n/translate.js'
import { format, MESSAGES, type MessageCode, msg, WIRE_CODES } from './messages.js'

/**
 * An error in the WordPress REST envelope: {code, message, data: {status, ...data}}, plus any
 * top-level extras (WordPress's `additional_data`).
 */
export class RestError extends Error {
  readonly code: string
  readonly status: number
  readonly data: Record<string, unknown>
  readonly extra: Record<string, unknown>
  /** Response headers the error needs (e.g. Retry-After on 429). */
  headers: Record<string, string> = {}
  private readonly messageCode: MessageCode
  private readonly args: Array<string | number>

  constructor(
    code: MessageCode,
    status: number,
    args: Array<string | number> = [],
    data: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(msg(code, ...args))
    this.code = WIRE_CODES[code] ?? code
    this.status = status
    this.data = data
    this.extra = extra
    this.messageCode = code
    this.args = args
  }

  /** The envelope in a language: the message from its catalog, codes and data unchanged. */
  toJSON(locale = 'en') {
    const message = format(translate(MESSAGES[this.messageCode], locale), this.args)
    return { code: this.code, message, data: { status: this.status, ...localizedData(this.data, locale) }, ...this.extra }
  }
}

/** Per-parameter messages inside `data.params` are translated too when the catalog has them. */
function localizedData(data: Record<string, unknown>, locale: string): Record<string, unknown> {
  const params = data.params
  if (!params || typeof params !== 'object' || Array.isArray(params)) return data
  const translated = Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? translate(v, locale) : v]),
  )
  return { ...data, params: translated }
}
