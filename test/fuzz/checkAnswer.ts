import { documented, namespaceRoute, type OpenApiDocument } from '../helpers/openapiValidator.js'
import type { HttpAnswer, HttpRequest } from './rawHttp.js'

function json(text: string): { ok: true; value: any } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * What is wrong with a namespace answer: a 5xx, an error outside `{code, message, data: {status}}`, or
 * (given the live /doc) a 2xx or 4xx answer that /doc does not describe.
 */
export function namespaceProblem(request: HttpRequest, answer: HttpAnswer, doc?: OpenApiDocument): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`
  // Node's HTTP parser refuses a request line and headers over 16 KB before any route sees them.
  if (answer.status === 431 && answer.text === '') return undefined
  if (request.method === 'HEAD') return answer.text === '' ? undefined : 'HEAD answered a body'
  const body = json(answer.text)
  if (!body.ok) return `answered ${answer.status} with a body that is not JSON`
  const e = body.value
  if (answer.status >= 400 && (typeof e?.code !== 'string' || typeof e?.message !== 'string' || e?.data?.status !== answer.status)) {
    return `answered ${answer.status} outside the error envelope {code, message, data: {status}}`
  }
  // The raw path as sent: the route table sees it unnormalised too.
  const path = namespaceRoute(request.path.split('?')[0]!)
  if (!doc || (answer.status >= 300 && answer.status < 400) || !documented(path, request.method)) return undefined
  const { operation, problems } = doc.check(path, request.method, answer.status, e)
  return problems.length ? `answered ${answer.status} unlike /doc (${operation}): ${problems.slice(0, 3).join('; ')}` : undefined
}

/** Whether a query string names `password` as the extended query parser reads it (`password`, `password[…]`). */
function namesPassword(query: string): boolean {
  return [...new URLSearchParams(query).keys()].some((key) => /^password(\[[^\]]*\].*)?$/.test(key))
}

/**
 * What is wrong with a namespace answer as the response cache goes: an answer to a request with a body,
 * credentials or `?password=` came from the cache (X-Cache: HIT), was stored (MISS), or says public.
 */
export function namespaceCacheProblem(request: HttpRequest, answer: HttpAnswer): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const reason =
    // An empty body is sent with Content-Length: 0, which is no body (HTTP/1.1).
    request.body !== undefined && Buffer.byteLength(request.body) > 0 ? 'a body'
    : request.headers.authorization || request.headers.cookie ? 'credentials'
    : namesPassword(request.path.split('?').slice(1).join('?')) ? '?password='
    : undefined
  if (!reason) return undefined
  if (answer.headers['x-cache']) return `answered a request with ${reason} with X-Cache: ${answer.headers['x-cache']}`
  if (/public/.test(String(answer.headers['cache-control'] ?? ''))) return `answered a request with ${reason} with Cache-Control: public`
  return undefined
}

/** What is wrong with an /api answer: a 5xx, or an error without `errors: [...]`. */
export function payloadRestProblem(request: HttpRequest, answer: HttpAnswer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (request.method === 'HEAD' || answer.status < 400) return undefined
  const body = json(answer.text)
  if (!body.ok || !Array.isArray(body.value?.errors) || !body.value.errors.length) return `answered ${answer.status} without {errors: [...]}`
  return undefined
}

/** What is wrong with a GraphQL answer: a 5xx, or a body with neither `data` nor `errors: [...]`. */
export function graphqlProblem(_request: HttpRequest, answer: HttpAnswer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`
  const body = json(answer.text)
  const value = body.ok ? body.value : undefined
  const shaped = (v: any) => v && typeof v === 'object' && (Array.isArray(v.errors) ? v.errors.length > 0 : v.data !== undefined)
  if (!body.ok || !(Array.isArray(value) ? value.length && value.every(shaped) : shaped(value))) {
    return `answered ${answer.status} with neither data nor {errors: [...]}`
  }
  return undefined
}
