import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import type { NextFunction, Request, Response } from 'express'
import { GraphQLError, parse, type ValidationRule } from 'graphql'
import { bufferedBody } from './bodyLimit.js'

export interface GraphqlLimits {
  maxDepth: number
  maxAliases: number
  maxTokens: number
  maxCost: number
}

/**
 * GraphQL Armor's validation rules, for Payload's `graphQL.validationRules`: a refused query fails
 * validation, so nothing of it runs and the answer is a 400 with `{errors: [...]}`.
 */
export function graphqlValidationRules(limits: GraphqlLimits): () => ValidationRule[] {
  const rules = [
    maxDepthRule({ n: limits.maxDepth, exposeLimits: true }),
    maxAliasesRule({ n: limits.maxAliases, exposeLimits: true }),
    costLimitRule({ maxCost: limits.maxCost, exposeLimits: true }),
  ] as unknown as ValidationRule[]
  return () => rules
}

function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ errors: [{ message }] })
}

/**
 * In front of POST /api/graphql, before Payload authenticates or parses: one operation per request
 * (a JSON array of operations is a batch, refused), and the query parsed with graphql-js's token
 * limit (max-tokens works at parse time, which Payload's validation rules come after). Needs the body
 * a bodyLimit read.
 */
export function graphqlGuard(limits: GraphqlLimits) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const raw = bufferedBody(req)
    if (!raw) return next()
    let body: unknown
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch {
      return refuse(res, 400, 'The request body is not valid JSON.')
    }
    if (Array.isArray(body)) return refuse(res, 400, 'Batched operations are not accepted: send one operation per request.')
    const query = (body as { query?: unknown } | null)?.query
    if (typeof query !== 'string') return next()
    try {
      parse(query, { maxTokens: limits.maxTokens })
    } catch (error) {
      if (error instanceof GraphQLError && /tokens/.test(error.message)) return refuse(res, 400, `Query refused: more than ${limits.maxTokens} tokens.`)
      // Other syntax errors are Payload's to report, in its usual shape.
    }
    next()
  }
}
