import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import path from 'node:path'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent, type RequestFilteringAgentOptions } from 'request-filtering-agent'

export interface DownloadLimits {
  /** Largest body accepted; the transfer is aborted as soon as it is passed. */
  maxBytes: number
  /** Let loopback, private, link-local and other non-public addresses be connected to. */
  allowPrivateHosts: boolean
  /** Addresses (or CIDR ranges) allowed even when private: for tests that need an "outside" host on loopback. */
  allowAddresses?: string[]
  /** Until the answer's headers arrive, per hop. Default 10 s. */
  connectTimeoutMs?: number
  /** For the whole download, redirects and body included. Default 30 s. */
  totalTimeoutMs?: number
  /** Redirects followed at most; each hop is checked again. Default 3. */
  maxRedirects?: number
  /** The Accept header (image/* by default); other downloads (iCal imports) reuse these limits. */
  accept?: string
}

export interface DownloadedImage {
  data: Buffer
  mimetype: string
  name: string
}

/** Why a download was refused (the namespace answers every one with 400 image-download-failed). */
export class DownloadError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
// Scriptable: stored on this origin, an SVG could run script in a reader's browser.
const REFUSED_TYPES = new Set(['image/svg+xml'])

/**
 * The agents check the address each connection actually goes to, after DNS resolution, so a name that
 * resolves to a public address for a check and to a private one for the download (DNS rebinding)
 * cannot get through. Cached per policy: a new agent per request would defeat nothing but cost a lot.
 * Every outbound request of the server goes through them (webhook deliveries too, src/webhooks/).
 */
const agents = new Map<string, { http: http.Agent; https: https.Agent }>()
export function agentsFor(limits: Pick<DownloadLimits, 'allowPrivateHosts' | 'allowAddresses'>) {
  const options: RequestFilteringAgentOptions = {
    allowPrivateIPAddress: limits.allowPrivateHosts,
    allowMetaIPAddress: false,
    allowIPAddressList: limits.allowAddresses ?? [],
  }
  const key = JSON.stringify(options)
  let pair = agents.get(key)
  if (!pair) {
    pair = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) }
    agents.set(key, pair)
  }
  return pair
}

/** One request, no redirects followed; rejects when no headers arrive within `connectTimeoutMs`. */
function requestOnce(url: URL, method: 'HEAD' | 'GET', limits: DownloadLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const pair = agentsFor(limits)
  const [client, agent] = url.protocol === 'https:' ? [https, pair.https] : [http, pair.http]
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, agent, signal, headers: { accept: limits.accept ?? 'image/*', 'user-agent': 'calendar-image-fetch' } })
    const timer = setTimeout(() => req.destroy(new DownloadError('no answer in time')), limits.connectTimeoutMs ?? 10_000)
    req.once('response', (res) => {
      clearTimeout(timer)
      resolve(res)
    })
    req.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end()
  })
}

/** Follows redirects by hand (each hop goes through the filtering agent again) up to the limit. */
export async function requestFollowing(start: URL, method: 'HEAD' | 'GET', limits: DownloadLimits, signal: AbortSignal): Promise<{ res: IncomingMessage; url: URL }> {
  let url = start
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, method, limits, signal)
    const location = res.headers.location
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return { res, url }
    res.destroy()
    if (hop >= (limits.maxRedirects ?? 3)) throw new DownloadError('too many redirects')
    url = new URL(location, url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadError(`redirect to ${url.protocol}`)
  }
}

/** The answer's media type when it is a 200 with an image type we store, else a DownloadError. */
function imageType(res: IncomingMessage, method: string): string {
  const type = res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (res.statusCode !== 200 || !type.startsWith('image/') || REFUSED_TYPES.has(type)) {
    res.destroy()
    throw new DownloadError(`${method} answered ${res.statusCode} ${type}`)
  }
  return type
}

/** Reads the body, aborting the transfer as soon as it passes `maxBytes` (never buffers more). */
export async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy()
    throw new DownloadError(`declares ${declared} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      res.destroy()
      throw new DownloadError(`more than ${maxBytes} bytes`)
    }
    chunks.push(chunk)
  }
  if (!size) throw new DownloadError('empty')
  return Buffer.concat(chunks, size)
}

/**
 * Downloads an image URL as the reference does (a HEAD check that it is an image, then the GET),
 * with the limits of an untrusted URL: only public addresses (checked at connect time), redirects
 * re-checked hop by hop, an image type on both answers, a byte cap enforced while streaming, and
 * timeouts on each connection and on the whole. Any refusal is a DownloadError or a network error.
 */
export async function downloadImage(address: string, limits: DownloadLimits): Promise<DownloadedImage> {
  const start = new URL(address)
  if (start.protocol !== 'http:' && start.protocol !== 'https:') throw new DownloadError(`${start.protocol} URL`)
  const signal = AbortSignal.timeout(limits.totalTimeoutMs ?? 30_000)
  const head = await requestFollowing(start, 'HEAD', limits, signal)
  head.res.resume()
  imageType(head.res, 'HEAD')
  const { res, url } = await requestFollowing(head.url, 'GET', limits, signal)
  const mimetype = imageType(res, 'GET')
  const data = await readCapped(res, limits.maxBytes)
  const base = path.basename(url.pathname) || 'image'
  const name = /\.[a-z0-9]{2,5}$/i.test(base) ? base : `${base}.${mimetype.slice(6).replace(/[^a-z0-9]/g, '') || 'img'}`
  return { data, mimetype, name }
}
