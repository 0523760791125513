import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import path from 'node:path'
import { MEDIA } from '../../collections/slugs.js'
import { RestError } from '../errors/RestError.js'
import type { RequestContext } from '../types.js'
import type { ImageInput } from './imageArg.js'

const MAX_BYTES = 10 * 1024 * 1024
const TIMEOUT_MS = 10_000

/** Loopback, private, link-local and unspecified addresses: not fetched unless the operator allows it. */
function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase()
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7))
    return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80')
  }
  const [p, q] = address.split('.').map(Number) as [number, number]
  return p === 10 || p === 127 || p === 0 || (p === 169 && q === 254) || (p === 172 && q >= 16 && q <= 31) || (p === 192 && q === 168) || (p === 100 && q >= 64 && q <= 127)
}

async function assertFetchable(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return
  const { address } = await lookup(url.hostname)
  if (isPrivateAddress(address)) throw new Error('private address')
}

/** A HEAD then GET of an image URL: 200 with an image/* type, at most 10 MiB, 10 s each. */
async function download(url: string, allowPrivate: boolean): Promise<{ data: Buffer; mimetype: string; name: string }> {
  const target = new URL(url)
  await assertFetchable(target, allowPrivate)
  const head = await fetch(target, { method: 'HEAD', redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) })
  const type = head.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (head.status !== 200 || !type.startsWith('image/')) throw new Error(`HEAD answered ${head.status} ${type}`)
  const res = await fetch(target, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (res.status !== 200) throw new Error(`GET answered ${res.status}`)
  const data = Buffer.from(await res.arrayBuffer())
  if (!data.length || data.length > MAX_BYTES) throw new Error('empty or too large')
  const base = path.basename(target.pathname) || 'image'
  const name = /\.[a-z0-9]{2,5}$/i.test(base) ? base : `${base}.${type.slice(6).replace(/[^a-z0-9]/g, '') || 'img'}`
  return { data, mimetype: type, name }
}

/**
 * The media ID for an image input: an existing ID as is; a URL downloaded into media (reference 6.3:
 * a HEAD check that it is an image, then a sideload) as the caller, or 400 image-download-failed.
 * Runs in the handler, after the permission check, so anonymous callers never make the server fetch.
 */
export async function storeImage(ctx: RequestContext, input: ImageInput): Promise<number | null> {
  if (input === null) return null
  if ('id' in input) return input.id
  let file: { data: Buffer; mimetype: string; name: string }
  try {
    file = await download(input.url, ctx.options.allowPrivateImageHosts)
  } catch {
    throw new RestError('image-download-failed', 400)
  }
  try {
    const media = await ctx.payload.create({
      collection: MEDIA,
      data: { alt: file.name },
      file: { ...file, size: file.data.length },
      overrideAccess: false,
      user: ctx.user,
    })
    return media.id as number
  } catch {
    // Payload refuses files its image processing cannot read.
    throw new RestError('image-download-failed', 400)
  }
}
