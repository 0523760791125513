import { ImportError } from './ImportError.js'

/** The namespaces that speak The Events Calendar's REST API v1 (TEC's own, and this project's). */
const NAMESPACES = ['tribe/events/v1', 'calendar/events/v1']
const RETRIES = 4

export interface TecPage<T> {
  items: T[]
  total: number
  totalPages: number
}

export interface TecClientOptions {
  user?: string
  appPassword?: string
  /** Largest answer read, counted after decompression (IMPORT_MAX_PAGE_BYTES). */
  maxBytes?: number
  /** Waits before retry n (1-based); tests shorten it. */
  backoffMs?: (attempt: number) => number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** HTTP errors worth another try: the site is busy or briefly down. */
const transient = (status: number) => status === 408 || status === 429 || status >= 500

/**
 * Reads a TEC site's REST API: discovery from the wp-json root or the namespace root, JSON GETs with
 * HTTP Basic (application passwords), retries with exponential back-off on network errors and 5xx.
 */
export class TecClient {
  root = ''
  private readonly auth?: string
  private readonly backoff: (attempt: number) => number
  private readonly maxBytes: number

  constructor(private readonly from: string, options: TecClientOptions = {}) {
    if (options.user) this.auth = `Basic ${Buffer.from(`${options.user}:${options.appPassword ?? ''}`).toString('base64')}`
    this.backoff = options.backoffMs ?? ((n) => 500 * 2 ** (n - 1))
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024
  }

  get authenticated(): boolean {
    return Boolean(this.auth)
  }

  /**
   * The body as text, at most maxBytes: a larger declared Content-Length is refused before reading,
   * and the stream (inflated already when the site compresses it) is cancelled once it passes the cap.
   */
  private async text(url: string, response: Response): Promise<string> {
    const tooLarge = (what: string) =>
      new ImportError(`GET ${url} ${what}, more than the ${this.maxBytes} bytes a page may have (IMPORT_MAX_PAGE_BYTES)`)
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      await response.body?.cancel()
      throw tooLarge(`declares ${declared} bytes`)
    }
    if (!response.body) return ''
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > this.maxBytes) {
        await reader.cancel()
        throw tooLarge(`sends ${size} bytes or more`)
      }
      chunks.push(value)
    }
    return Buffer.concat(chunks, size).toString('utf8')
  }

  /** GET a URL as JSON: the status and body (undefined when it is not JSON), after retries of transient failures. */
  async get(url: string): Promise<{ status: number; body: unknown; headers: Headers; notJson?: string }> {
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', ...(this.auth ? { authorization: this.auth } : {}) },
          signal: AbortSignal.timeout(60_000),
          redirect: 'follow',
        })
      } catch (error) {
        if (attempt > RETRIES) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause
          throw new ImportError(`cannot reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}`)
        }
        await sleep(this.backoff(attempt))
        continue
      }
      if (transient(response.status) && attempt <= RETRIES) {
        await response.body?.cancel()
        const retryAfter = Number(response.headers.get('retry-after'))
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) * 1000 : this.backoff(attempt))
        continue
      }
      const text = await this.text(url, response)
      try {
        return { status: response.status, body: JSON.parse(text), headers: response.headers }
      } catch (error) {
        return { status: response.status, body: undefined, headers: response.headers, notJson: (error as Error).message }
      }
    }
  }

  /** Finds the events namespace from what was given (wp-json root, namespace root, or a site with /wp-json). */
  async discover(): Promise<string> {
    const given = this.from.replace(/\/+$/, '')
    if (!/^https?:\/\//i.test(given)) throw new ImportError(`--from must be an http(s) address, got "${this.from}"`)
    const candidates = [given, ...(given.endsWith('/wp-json') ? [] : [`${given}/wp-json`])]
    const isNamespace = (body: unknown) => NAMESPACES.includes(String((body as { namespace?: unknown } | undefined)?.namespace))
    const refused = (status: number, body: unknown) => {
      // WordPress refuses wrong application passwords on every route, the index included.
      if (this.auth && (status === 401 || status === 403)) {
        const code = (body as { code?: string } | undefined)?.code
        throw new ImportError(`the site refused the credentials (${status}${code ? ` ${code}` : ''}): check --user and --app-password`)
      }
    }
    for (const candidate of candidates) {
      const { status, body } = await this.get(candidate)
      refused(status, body)
      if (status === 200 && isNamespace(body)) return (this.root = candidate)
      const listed = NAMESPACES.find((ns) => (body as { namespaces?: unknown } | undefined)?.namespaces instanceof Array && (body as { namespaces: string[] }).namespaces.includes(ns))
      // A wp-json root that does not list its namespaces (or hides its index) is asked for each one.
      for (const ns of listed ? [listed] : NAMESPACES) {
        const probe = await this.get(`${candidate}/${ns}`)
        refused(probe.status, probe.body)
        if (probe.status === 200 && isNamespace(probe.body)) return (this.root = `${candidate}/${ns}`)
      }
    }
    throw new ImportError(`${given} is not a The Events Calendar REST API (no tribe/events/v1 namespace found)`)
  }

  /** Checks the credentials against a list only writers may ask for: wrong ones fail here, once. */
  async checkCredentials(): Promise<void> {
    if (!this.auth) return
    const { status, body } = await this.get(`${this.root}/events?per_page=1&status=draft&start_date=1970-01-01&end_date=2999-12-31`)
    if (status === 401 || status === 403) {
      const code = (body as { code?: string } | undefined)?.code
      throw new ImportError(`the site refused the credentials (${status}${code ? ` ${code}` : ''}): check --user and --app-password`)
    }
  }

  /** One page of a list route (events, venues, organizers, categories, tags). */
  async page<T>(kind: string, page: number, perPage: number, query: Record<string, string> = {}): Promise<TecPage<T>> {
    const params = new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) })
    const url = `${this.root}/${kind}?${params}`
    const { status, body, headers, notJson } = await this.get(url)
    // TEC answers a page past the end (or an empty list) with 404 and a *-not-found code.
    if (status === 404 && page >= 1 && /not-found|not_found/.test(String((body as { code?: string })?.code))) return { items: [], total: 0, totalPages: 0 }
    if (status === 401 || status === 403) throw new ImportError(`the site refused ${kind} (${status}): check --user and --app-password`)
    if (status === 200 && notJson !== undefined) throw new ImportError(`GET ${url} answered 200 with a body that is not JSON (${notJson})`)
    if (status !== 200 || !body || typeof body !== 'object') throw new ImportError(`GET ${url} answered ${status}`)
    const items = (body as Record<string, unknown>)[kind]
    if (!Array.isArray(items)) throw new ImportError(`GET ${url} has no "${kind}" list: not a TEC answer`)
    const total = Number(headers.get('x-tec-total') ?? (body as { total?: number }).total ?? items.length)
    const totalPages = Number(headers.get('x-tec-totalpages') ?? (body as { total_pages?: number }).total_pages ?? 1)
    return { items: items as T[], total, totalPages }
  }
}
