/**
 * Thrown by a parameter's parse function. parseParams collects every failing parameter into one
 * 400 rest_invalid_param (reference 1.1): `message` goes to data.params[name]; `detail`, when given,
 * to data.details[name] (WordPress adds it when a validator returns a WP_Error).
 */
export class ParamError extends Error {
  readonly detail?: { code: string; message: string; data: Record<string, unknown> }

  constructor(message = 'Invalid parameter.', detail?: { code: string; message: string; data?: Record<string, unknown> }) {
    super(message)
    this.detail = detail ? { code: detail.code, message: detail.message, data: detail.data ?? {} } : undefined
  }

  /** WordPress's type check failure: "<p> is not of type <type>." with a rest_invalid_type detail. */
  static wrongType(name: string, type: string): ParamError {
    const message = `${name} is not of type ${type}.`
    return new ParamError(message, { code: 'rest_invalid_type', message, data: { param: name } })
  }
}
