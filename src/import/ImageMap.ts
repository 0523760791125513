import type { Payload } from 'payload'
import { MEDIA } from '../../collections/slugs.js'
import { downloadImage } from '../../endpoints/write/downloadImage.js'
import { downloadRefusal } from './downloadRefusal.js'
import type { ImportState } from './ImportState.js'
import type { WireImage } from './tecRecords.js'

/**
 * Featured images: each source image downloaded once (per run and across runs, by its source ID or
 * URL) with the namespace's download checks (public hosts only unless allowed, size cap, image types),
 * then stored in the media library. A refused download leaves the post without its image and is counted.
 */
export class ImageMap {
  private readonly pending = new Map<string, Promise<number | null>>()
  stored = 0
  failed: string[] = []

  constructor(
    private readonly payload: Payload,
    private readonly state: ImportState,
    private readonly limits: { maxBytes: number; allowPrivateHosts: boolean; dryRun: boolean },
  ) {}

  resolve(image: WireImage | false | null | undefined): Promise<number | null> {
    if (!image || typeof image !== 'object' || typeof image.url !== 'string' || !image.url) return Promise.resolve(null)
    const key = image.id ? String(image.id) : image.url
    let id = this.pending.get(key)
    if (!id) {
      id = this.store(key, image.url)
      this.pending.set(key, id)
    }
    return id
  }

  private async store(key: string, url: string): Promise<number | null> {
    const known = this.state.target('media', key)
    if (known !== undefined) {
      const found = await this.payload.find({ collection: MEDIA, where: { id: { equals: known } }, limit: 1, depth: 0, overrideAccess: true })
      if (found.docs.length) return known
    }
    if (this.limits.dryRun) return null
    try {
      const file = await downloadImage(url, { maxBytes: this.limits.maxBytes, allowPrivateHosts: this.limits.allowPrivateHosts })
      const media = await this.payload.create({
        collection: MEDIA,
        data: { alt: file.name },
        file: { ...file, size: file.data.length },
        overrideAccess: true,
      })
      this.stored++
      this.state.remember('media', key, media.id as number, '')
      return media.id as number
    } catch (error) {
      this.failed.push(`${url}: ${downloadRefusal(error)}`)
      return null
    }
  }
}
