import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { env } from '../../src/env.js'

type Json = Record<string, any>

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv

/** How many namespace answers this test file's process has checked against /doc, and how. */
export const openApiStats = { validated: 0, byOperation: new Map<string, number>() }

/** One answer as a client received it. `body` is the parsed JSON (or the text when it was not JSON). */
export interface Answer {
  method: string
  url: string
  status: number
  body: unknown
}

/** Thrown when an answer contradicts /doc: says where (JSON pointer) and what was sent. */
export class OpenApiMismatch extends Error {}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// `/fr/wp-json/tribe/events/v1/events/5`: an optional language segment, the REST root, either namespace.
const NAMESPACE = new RegExp(`^(?:/[A-Za-z_-]+)?${escapeRegExp(env.REST_PREFIX)}/(?:calendar|tribe)/events/v1(/.*)?$`)

/** The path inside the namespace of a raw path (no query), or null when it is outside the namespace. */
export function namespaceRoute(pathname: string): string | null {
  const match = NAMESPACE.exec(pathname)
  return match ? (match[1] ?? '') : null
}

/** The path inside the namespace of a URL, or null when the URL is not a namespace answer. */
export function namespacePath(url: string): string | null {
  return namespaceRoute(new URL(url).pathname)
}

/** Whether /doc describes answers at this namespace path and method (not the index, /doc itself, HEAD or OPTIONS). */
export function documented(path: string | null, method: string): path is string {
  return path !== null && path !== '' && path !== '/' && method !== 'HEAD' && method !== 'OPTIONS'
}

/** A compiled /doc: finds the operation of a path and checks a body against a response's schema. */
export class OpenApiDocument {
  private readonly ajv: Ajv
  private readonly compiled = new Map<string, ValidateFunction>()
  private readonly templates: Array<{ template: string; pattern: RegExp }>

  constructor(readonly doc: Json) {
    // strict off: OpenAPI 3.0 keywords (nullable, format double) sit inside the schemas.
    this.ajv = new Ajv({ allErrors: true, strict: false })
    addFormats(this.ajv)
    this.ajv.addSchema({ $id: 'openapi.json', components: doc.components })
    this.templates = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}/?$`),
    }))
  }

  private validator(pointer: string, schema: Json): ValidateFunction {
    let validate = this.compiled.get(pointer)
    if (!validate) {
      // Component $refs (#/components/…) resolve against the document registered as openapi.json.
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'))
      validate = this.ajv.compile(rebased)
      this.compiled.set(pointer, validate)
    }
    return validate
  }

  /**
   * The mismatches of an answer with the document, as "pointer: problem (value)" lines. A path
   * the document does not list, or a method it does not list there, must be an error envelope.
   */
  check(path: string, method: string, status: number, body: unknown): { operation: string; problems: string[] } {
    const found = this.templates.find(({ pattern }) => pattern.test(path))
    const operation = found ? this.doc.paths[found.template][method.toLowerCase()] : undefined
    const name = operation ? `${method} ${found!.template}` : `${method} (no documented operation)`
    let schema: Json | undefined
    let pointer: string
    if (!operation) {
      // What the namespace answers before it matches a route: a body it cannot read (400, 413), refused
      // credentials (401, 429), or rest_no_route (404).
      if (![400, 401, 404, 413, 429].includes(status)) return { operation: name, problems: [`status ${status} for a path and method /doc does not list`] }
      schema = { $ref: '#/components/schemas/Error' }
      pointer = '#/components/schemas/Error'
    } else {
      const response = operation.responses[String(status)]
      if (!response) return { operation: name, problems: [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`] }
      schema = response.content?.['application/json']?.schema
      pointer = `#/paths/${found!.template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}`
      if (!schema) {
        const bodiless = body === undefined || body === ''
        // /doc's own answer is the document: validated by swagger-parser in discovery.spec.ts.
        return { operation: name, problems: bodiless || found!.template === '/doc' ? [] : [`${pointer} declares no body, got ${preview(body)}`] }
      }
    }
    const validate = this.validator(pointer, schema)
    if (validate(body)) return { operation: name, problems: [] }
    return {
      operation: name,
      problems: (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message} (value: ${preview(valueAt(body, e.instancePath))}; schema ${e.schemaPath.replace('openapi.json', '')})`,
      ),
    }
  }
}

function valueAt(body: unknown, pointer: string): unknown {
  let value: any = body
  for (const part of pointer.split('/').slice(1)) value = value?.[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  return value
}

function preview(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

const documents = new Map<string, Promise<OpenApiDocument>>()

/** The live /doc of the app at `origin`, fetched once per origin. */
export function liveDocument(origin: string): Promise<OpenApiDocument> {
  let doc = documents.get(origin)
  if (!doc) {
    doc = fetch(`${origin}${env.REST_PREFIX}/calendar/events/v1/doc`).then(async (res) => {
      if (res.status !== 200) throw new Error(`GET /doc answered ${res.status}`)
      return new OpenApiDocument(await res.json())
    })
    documents.set(origin, doc)
    doc.catch(() => documents.delete(origin))
  }
  return doc
}

/**
 * Checks a namespace answer against the live /doc of the app that sent it; throws OpenApiMismatch
 * listing each mismatch. Other URLs (Payload's /api, /admin), HEAD and OPTIONS (the route's index
 * entry, not part of /doc), the namespace index and /doc itself are not checked.
 */
export async function validateAnswer(answer: Answer): Promise<void> {
  const path = namespacePath(answer.url)
  const method = answer.method.toUpperCase()
  if (!documented(path, method)) return
  const doc = await liveDocument(new URL(answer.url).origin)
  const { operation, problems } = doc.check(path, method, answer.status, answer.body)
  openApiStats.validated++
  openApiStats.byOperation.set(`${operation} ${answer.status}`, (openApiStats.byOperation.get(`${operation} ${answer.status}`) ?? 0) + 1)
  if (problems.length) {
    throw new OpenApiMismatch(`${method} ${answer.url} answered ${answer.status}, which /doc does not allow:\n  ${problems.join('\n  ')}`)
  }
}
