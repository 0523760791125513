import type { HttpAnswer, HttpRequest } from './rawHttp.js'

/**
 * Bad answers the fuzz finds that are known and owned elsewhere. TEMPORARY: each entry goes once its
 * fix is in. A match is not a failure but is counted and printed after the run; FUZZ_STRICT=1 ignores
 * this list, so every one of them fails the run.
 */
export interface KnownIssue {
  what: string
  /** Who is fixing it, or where it was reported. */
  owner: string
  matches: (request: HttpRequest, answer: HttpAnswer) => boolean
}

const api = (request: HttpRequest) => request.path.startsWith('/api/') && !request.path.startsWith('/api/graphql')
const pathOf = (request: HttpRequest) => request.path.split('?')[0]!
const decodes = (path: string) => {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}
const graphqlQuery = (request: HttpRequest) => {
  try {
    return String(JSON.parse(String(request.body)).query ?? '')
  } catch {
    return ''
  }
}

export const KNOWN_ISSUES: KnownIssue[] = [
  {
    what: "/api: a malformed `where` (an operator's value of the wrong shape, e.g. where[x][all]=) answers 500",
    owner: 'request-limits engineer (/api query checks)',
    matches: (request, answer) => api(request) && answer.status === 500 && /[?&]where\[/.test(request.path),
  },
  {
    what: '/api: a multipart body whose _payload is not JSON answers 500',
    owner: 'request-limits engineer (bad JSON)',
    matches: (request, answer) => api(request) && answer.status === 500 && /^multipart\//.test(request.headers['content-type'] ?? ''),
  },
  {
    what: '/api: an ID segment that is no ID, a malformed percent-escape (/api/venues/%FF, %E0%A4%A, %) or a dot segment (/api/<slug>/access/.), answers 500: Express decodes the /{*splat} route parameter and src/guards/apiQueryGuard.ts calls decodeURIComponent unguarded',
    owner: 'request-limits engineer (/api path checks, like GET /api/users/abc); reported by the fuzz suite',
    matches: (request, answer) => api(request) && answer.status === 500 && (!decodes(pathOf(request)) || /\/\.{1,2}(\/|$)/.test(pathOf(request))),
  },
  {
    what: "/api/payload-migrations: Payload answers 501 to every REST call on its migrations collection",
    owner: 'Payload (collection without REST); reported by the fuzz suite',
    matches: (request, answer) => answer.status === 501 && pathOf(request).startsWith('/api/payload-migrations'),
  },
  {
    what: 'GET /api/users/refresh-token, /logout and /unlock without a session or body answer 500 (Payload: "Something went wrong.")',
    owner: 'Payload auth endpoints; reported by the fuzz suite',
    matches: (request, answer) => answer.status === 500 && /^\/api\/users\/(refresh-token|logout|unlock)$/.test(pathOf(request)),
  },
  {
    what: '/api: a path Payload has no route for answers 404 {message} instead of {errors: [...]}',
    owner: "Payload's handleEndpoints; reported by the fuzz suite",
    matches: (request, answer) => api(request) && (answer.status === 404 || answer.status === 405) && /^\{"message":"(Route not found|Cannot )/.test(answer.text),
  },
  {
    what: 'GraphQL: a subscription operation (the schema has none), or fragments that spread each other, answer 500 with an empty body',
    owner: 'request-limits engineer (GraphQL guard); reported by the fuzz suite',
    matches: (request, answer) => request.path.startsWith('/api/graphql') && answer.status === 500 && /^\s*subscription\b|\bfragment\b/.test(graphqlQuery(request)),
  },
]

/** The known issue an answer matches, unless FUZZ_STRICT=1. */
export function knownIssue(request: HttpRequest, answer: HttpAnswer): KnownIssue | undefined {
  if (process.env.FUZZ_STRICT === '1') return undefined
  return KNOWN_ISSUES.find((issue) => issue.matches(request, answer))
}
