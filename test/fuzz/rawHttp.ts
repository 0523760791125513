import http from 'node:http'

export interface HttpRequest {
  method: string
  /** Path and query exactly as sent (no normalisation of `..`, no re-encoding). */
  path: string
  headers: Record<string, string>
  body?: string | Buffer
}
export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

/**
 * One request over a loopback socket with node:http rather than fetch: fetch normalises `..` and
 * re-encodes paths, and refuses some header values the fuzz wants to send.
 */
export function send(origin: string, request: HttpRequest): Promise<HttpAnswer> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers }
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body)
    const req = http.request(
      { agent, host: url.hostname, port: url.port, method: request.method, path: request.path, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(request.body)
  })
}

/** The request as a curl command line, to replay a counterexample by hand. */
export function asCurl(origin: string, request: HttpRequest): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  const parts = ['curl', '-i', '-X', request.method, quote(`${origin}${request.path}`)]
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', quote(`${name}: ${value}`))
  if (request.body !== undefined) {
    const body = String(request.body)
    parts.push('--data-binary', quote(body.length > 2000 ? `${body.slice(0, 2000)}… (${body.length} characters)` : body))
  }
  return parts.join(' ')
}

export function closeAgent() {
  agent.destroy()
}
