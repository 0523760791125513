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

export const KNOWN_ISSUES: KnownIssue[] = []

/** The known issue an answer matches, unless FUZZ_STRICT=1. */
export function knownIssue(request: HttpRequest, answer: HttpAnswer): KnownIssue | undefined {
  if (process.env.FUZZ_STRICT === '1') return undefined
  return KNOWN_ISSUES.find((issue) => issue.matches(request, answer))
}
