import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export interface ImageServer {
  /** http://<host>:<port> */
  origin: string
  /** The PNG it serves, for tests that upload the same image directly. */
  png: Buffer
  /** Body bytes written so far by /endless.png and /huge.png. */
  streamedBytes: () => number
  /** Requests seen so far, as "METHOD /path". */
  requests: string[]
  /** Resolves once a stream route has started sending its body. */
  streaming: () => Promise<void>
  close: () => Promise<void>
}

const CHUNK = Buffer.alloc(256 * 1024, 0x42)
const TWO_GB = 2 * 1024 * 1024 * 1024

/**
 * A loopback HTTP server for image downloads: /image.png is a real 8×6 PNG, /page.html an HTML page,
 * /endless.png an image/png answer whose body never ends and /huge.png one that declares 2 GB (both
 * sent in 256 KiB chunks every 10 ms until the client goes away), /slow.png an image whose GET never
 * answers, /redirect?to=<url> a 302 there; anything else 404. HEAD answers like GET without the body.
 */
export async function startImageServer(host = '127.0.0.1'): Promise<ImageServer> {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer()
  let streamed = 0
  const requests: string[] = []
  let markStreaming: () => void = () => {}
  const started = new Promise<void>((resolve) => (markStreaming = resolve))

  const stream = (res: ServerResponse, headers: Record<string, string | number>, head: boolean) => {
    res.writeHead(200, { 'content-type': 'image/png', ...headers })
    if (head) return void res.end()
    markStreaming()
    const timer = setInterval(() => {
      if (res.destroyed || res.writableEnded) return clearInterval(timer)
      res.write(CHUNK)
      streamed += CHUNK.length
    }, 10)
    res.on('close', () => clearInterval(timer))
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const head = req.method === 'HEAD'
    requests.push(`${req.method} ${url.pathname}`)
    if (url.pathname === '/endless.png') return stream(res, {}, head)
    if (url.pathname === '/huge.png') return stream(res, { 'content-length': TWO_GB }, head)
    if (url.pathname === '/slow.png') {
      // Headers at once for HEAD; a GET is held open until the client goes away.
      if (head) return void res.writeHead(200, { 'content-type': 'image/png' }).end()
      return
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' })
      return void res.end()
    }
    const [status, type, body] =
      url.pathname === '/image.png'
        ? [200, 'image/png', png]
        : url.pathname === '/page.html'
          ? [200, 'text/html; charset=utf-8', Buffer.from('<!doctype html><p>not an image</p>')]
          : [404, 'text/plain', Buffer.from('not found')]
    res.writeHead(status, { 'content-type': type, 'content-length': body.length })
    res.end(head ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    png,
    streamedBytes: () => streamed,
    requests,
    streaming: () => started,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
