import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export interface ImageServer {
  /** http://127.0.0.1:<port> */
  origin: string
  /** The PNG it serves, for tests that upload the same image directly. */
  png: Buffer
  close: () => Promise<void>
}

/**
 * A loopback HTTP server for image downloads: /image.png is a real 8×6 PNG, /page.html an HTML page,
 * anything else 404. HEAD answers like GET without the body.
 */
export async function startImageServer(): Promise<ImageServer> {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer()
  const server: Server = createServer((req, res) => {
    const [status, type, body] =
      req.url === '/image.png'
        ? [200, 'image/png', png]
        : req.url === '/page.html'
          ? [200, 'text/html; charset=utf-8', Buffer.from('<!doctype html><p>not an image</p>')]
          : [404, 'text/plain', Buffer.from('not found')]
    res.writeHead(status, { 'content-type': type, 'content-length': body.length })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    png,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
