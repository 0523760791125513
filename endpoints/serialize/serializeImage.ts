import type { Media } from '../data/documents.js'
import { ownUrl } from './site.js'

export interface WireImage {
  url: string
  id: number
  extension: string
  width?: number
  height?: number
  filesize?: number
  sizes?: Record<string, { width?: number; height?: number; 'mime-type'?: string; filesize?: number; url?: string }>
}

function extensionOf(doc: Media): string {
  const name = doc.filename ?? doc.url ?? ''
  const m = /\.([a-z0-9]+)(?:\?.*)?$/i.exec(name)
  return m ? m[1]!.toLowerCase() : ''
}

/** The Image object of reference 6.2 (URLs on siteUrl): falsy top-level keys dropped; `false` when there is none. */
export function serializeImage(doc: Media | undefined, siteUrl: string): WireImage | false {
  if (!doc?.url) return false
  const image: WireImage = { url: ownUrl(doc.url, siteUrl), id: doc.id, extension: extensionOf(doc) }
  if (doc.width) image.width = doc.width
  if (doc.height) image.height = doc.height
  if (doc.filesize) image.filesize = doc.filesize
  const sizes = Object.entries(doc.sizes ?? {}).filter(([, size]) => size?.url)
  if (sizes.length) {
    image.sizes = Object.fromEntries(
      sizes.map(([name, size]) => [
        name,
        {
          width: size!.width ?? undefined,
          height: size!.height ?? undefined,
          'mime-type': size!.mimeType ?? undefined,
          filesize: size!.filesize ?? undefined,
          url: size!.url ? ownUrl(size!.url, siteUrl) : undefined,
        },
      ]),
    )
  }
  return image
}
