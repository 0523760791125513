import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface ReceivedDelivery {
  id: string
  timestamp: string
  /** The verified, parsed body. */
  body: { type: string; timestamp: string; data: { change?: { kind: string; id: number; action: string; modified_utc: string }; resource?: unknown; [k: string]: unknown } }
  receivedAt: number
}

export interface WebhookReceiver {
  url: string
  /** Deliveries whose signature verified, in arrival order (duplicates included). */
  received: ReceivedDelivery[]
  /** Requests whose signature did not verify (must stay empty). */
  rejected: string[]
  /** Requests seen, verified or not. */
  requests: () => number
  /** The secret to verify with, once the webhook is created. */
  setSecret: (secret: string) => void
  /** What to answer: a status (after `delayMs`), or 'hang' (never answer). */
  behave: (behaviour: { status?: number; delayMs?: number; hang?: boolean }) => void
  waitFor: (predicate: (received: ReceivedDelivery[]) => boolean, timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

/**
 * A webhook receiver on loopback, as a subscriber would write one: it verifies every request with the
 * `standardwebhooks` package (signature and timestamp) and records what verified.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let verifier: Webhook | undefined
  let behaviour: { status?: number; delayMs?: number; hang?: boolean } = { status: 200 }
  const received: ReceivedDelivery[] = []
  const rejected: string[] = []
  let requests = 0
  const hanging = new Set<ServerResponse>()
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    requests++
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) }
    try {
      if (!verifier) throw new Error('no secret yet')
      const body = verifier.verify(raw, headers) as ReceivedDelivery['body']
      received.push({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], body, receivedAt: Date.now() })
    } catch (error) {
      rejected.push(`${headers['webhook-id']}: ${(error as Error).message}`)
    }
    const now = behaviour
    if (now.hang) {
      hanging.add(res)
      return
    }
    if (now.delayMs) await new Promise((r) => setTimeout(r, now.delayMs))
    res.writeHead(now.status ?? 200, { 'content-type': 'text/plain' })
    res.end(now.status && now.status >= 300 ? `refused with ${now.status}` : 'ok')
  }
  const server: Server = await new Promise((resolve) => {
    const s = createServer((req, res) => void handle(req, res)).listen(0, '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return {
    url,
    received,
    rejected,
    requests: () => requests,
    setSecret: (secret) => (verifier = new Webhook(secret)),
    behave: (b) => (behaviour = b),
    waitFor: async (predicate, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`the receiver did not get what was expected in ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => [r.id, r.body.type]))}; rejected ${JSON.stringify(rejected)}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
