import { readFile } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import path from 'node:path'

/**
 * A loopback HTTP server on `port` that forwards every request to a target set later (`to`), so an
 * address known before an app starts (SITE_URL) can reach the app's ephemeral port. Paths under a
 * `files` prefix are answered from a folder instead (the uploads Payload serves through Next.js,
 * which suites do not start).
 */
export function forwardingProxy(port: number) {
  let target = ''
  let files: { prefix: string; dir: string } | undefined
  const server = createServer(async (req, res) => {
    if (!target) return void res.writeHead(503).end()
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (files && pathname.startsWith(files.prefix)) {
      const name = path.basename(pathname)
      try {
        const data = await readFile(path.join(files.dir, name))
        const type = /\.png$/i.test(name) ? 'image/png' : /\.jpe?g$/i.test(name) ? 'image/jpeg' : 'application/octet-stream'
        res.writeHead(200, { 'content-type': type, 'content-length': data.length })
        return void res.end(req.method === 'HEAD' ? undefined : data)
      } catch {
        return void res.writeHead(404).end()
      }
    }
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  const listening = new Promise<void>((resolve, reject) => server.listen(port, '127.0.0.1', resolve).on('error', reject))
  return {
    to: async (origin: string, serveFiles?: { prefix: string; dir: string }) => {
      await listening
      target = origin
      files = serveFiles
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
