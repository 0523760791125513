import { validateAnswer } from './openapiValidator.js'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
}

/**
 * A tiny client for the calendar namespace: JSON in, JSON out, any status. `base` is TestApp.api.
 * Namespace answers are checked against the app's /doc (openapiValidator.ts).
 * Bodies are sent as JSON unless `form` is set (then as application/x-www-form-urlencoded).
 */
export function apiClient(base: string) {
  async function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; form?: boolean } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers }
    let body: string | undefined
    if (options.body !== undefined) {
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(options.body as Record<string, string>).toString()
      } else {
        headers['content-type'] = 'application/json'
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      }
    }
    const url = `${base}${path}`
    const res = await fetch(url, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // keep the text
    }
    // Every namespace answer must be what the live /doc says it is (fails the calling test otherwise).
    await validateAnswer({ method, url, status: res.status, body: parsed })
    return { status: res.status, headers: res.headers, body: parsed as T }
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, { headers }),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, { headers }),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, { body, headers }),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PUT', path, { body, headers }),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PATCH', path, { body, headers }),
    call,
  }
}
