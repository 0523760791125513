import { type MessageCode, msg } from './messages.js'

/** An error in the WordPress REST envelope: {code, message, data: {status, ...data}}. */
export class RestError extends Error {
  readonly code: string
  readonly status: number
  readonly data: Record<string, unknown>

  constructor(code: MessageCode, status: number, args: Array<string | number> = [], data: Record<string, unknown> = {}) {
    super(msg(code, ...args))
    this.code = code
    this.status = status
    this.data = data
  }

  toJSON() {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } }
  }
}
