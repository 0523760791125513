import http from 'node:http'
import https from 'node:https'
import { agentsFor } from '../../endpoints/write/downloadImage.js'
import { RESPONSE_EXCERPT_CHARS } from '../../collections/WebhookDeliveries.js'

/** Most bytes of a receiver's answer read (the rest is dropped and the connection closed). */
const MAX_ANSWER_BYTES = 16 * 1024

export interface PostOutcome {
  ok: boolean
  status: number | null
  durationMs: number
  excerpt: string
  error: string | null
}

/** One line for the log: the address filter's refusal names the setting that lifts it. */
export function outboundRefusal(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/not allowed\. Because, It is private IP address/i.test(message)) {
    const address = /DNS lookup ([^\s(]+)/.exec(message)?.[1] ?? 'the host'
    return `${address} is a private address (ALLOW_PRIVATE_OUTBOUND=true allows it)`
  }
  return message.split('\n')[0]!
}

/**
 * POSTs a delivery through the same address filter as image downloads (no private or loopback
 * addresses unless allowed, checked at connect time), with one time bound for the whole exchange and
 * at most MAX_ANSWER_BYTES of the answer read. Redirects are not followed: a 3xx is a failure (a
 * receiver that moved is re-registered by an administrator). Only a 2xx answer is a success.
 */
export async function postDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  limits: { timeoutMs: number; allowPrivateHosts: boolean },
): Promise<PostOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let status: number | null = null
  const signal = AbortSignal.timeout(limits.timeoutMs)
  try {
    const target = new URL(url)
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`${target.protocol} URL`)
    const pair = agentsFor({ allowPrivateHosts: limits.allowPrivateHosts })
    const [client, agent] = target.protocol === 'https:' ? [https, pair.https] : [http, pair.http]
    const answer = await new Promise<Buffer>((resolve, reject) => {
      const req = client.request(target, {
        method: 'POST',
        agent,
        signal,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'calendar-webhooks' },
      })
      req.once('error', reject)
      req.once('response', (res) => {
        status = res.statusCode ?? null
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return
          chunks.push(chunk)
          size += chunk.length
          if (size >= MAX_ANSWER_BYTES) {
            res.destroy()
            resolve(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES))
          }
        })
        res.once('end', () => resolve(Buffer.concat(chunks)))
        res.once('error', reject)
      })
      req.end(body)
    })
    const excerpt = answer.toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS)
    const ok = status !== null && status >= 200 && status < 300
    return { ok, status, durationMs: elapsed(), excerpt, error: ok ? null : `answered ${status}` }
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${limits.timeoutMs / 1000} s` : outboundRefusal(error)
    return { ok: false, status, durationMs: elapsed(), excerpt: '', error: reason }
  }
}
