import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import type { NextFunction, Request, Response } from 'express'
import {
  type DocumentNode,
  GraphQLError,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  Kind,
  NoFragmentCyclesRule,
  parse,
  validate,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
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
  const rules = armorRules(limits)
  return () => rules
}

function armorRules(limits: GraphqlLimits): ValidationRule[] {
  // As plain validation rules, a refusal is reported to the validation context (not thrown, which
  // graphql-http would answer as a 500).
  const report = { propagateOnRejection: false, onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)] }
  const rules = [
    maxDepthRule({ n: limits.maxDepth, exposeLimits: true, ...report }),
    maxAliasesRule({ n: limits.maxAliases, exposeLimits: true, ...report }),
    costLimitRule({ maxCost: limits.maxCost, exposeLimits: true, ...report }),
  ] as unknown as ValidationRule[]
  return rules
}

/**
 * The Armor rules read the document only (aliases, depth, cost by shape, fragments included), so they
 * can run here against a placeholder schema: a refusal is then a 400 before Payload authenticates,
 * whereas graphql-http answers validation errors 200 to clients that accept application/json.
 */
const PLACEHOLDER_SCHEMA = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { _: { type: GraphQLString } } }) })

function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ errors: [{ message }] })
}

/**
 * In front of POST /api/graphql, before Payload authenticates or parses: one operation per request
 * (a JSON array of operations is a batch, refused), the query parsed with graphql-js's token limit
 * (max-tokens works at parse time, which Payload's validation rules come after), then the Armor
 * rules. Needs the body a bodyLimit read.
 */
export function graphqlGuard(limits: GraphqlLimits) {
  const rules = armorRules(limits)
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
    let document: DocumentNode
    try {
      document = parse(query, { maxTokens: limits.maxTokens })
    } catch (error) {
      if (error instanceof GraphQLError && /tokens/.test(error.message)) return refuse(res, 400, `Query refused: more than ${limits.maxTokens} tokens.`)
      // Other syntax errors are Payload's to report, in its usual shape.
      return next()
    }
    // Only queries and mutations run (the schema has no subscriptions), and fragments that spread
    // each other are refused before the Armor rules or Payload walk them.
    const other = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'query' && d.operation !== 'mutation')
    if (other) return refuse(res, 400, 'Query refused: only query and mutation operations are accepted.')
    const cycles = validate(PLACEHOLDER_SCHEMA, document, [NoFragmentCyclesRule])
    const errors = cycles.length ? cycles : validate(PLACEHOLDER_SCHEMA, document, rules)
    if (errors.length) {
      res.status(400).json({ errors: errors.map((e) => ({ message: e.message.replace(/^Syntax Error: /, 'Query refused: ') })) })
      return
    }
    next()
  }
}
