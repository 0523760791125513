import { hasCapability } from '../../collections/access/capabilities.js'
import { MEDIA } from '../../collections/slugs.js'
import { ParamError } from '../errors/ParamError.js'
import { isHttpUrl, MAX_ID, toInteger } from './kinds.js'
import { readVisible } from '../data/index.js'
import type { Param } from '../types.js'
import { ownMediaId } from '../write/ownMediaId.js'

/**
 * A featured image as sent: an existing media ID (also for a URL of this site's own media), a URL to
 * download (after the permission check), or none.
 */
export type ImageInput = { id: number } | { url: string } | null

/**
 * `image` on writes (reference 6.3): the ID of an existing image, or an http(s) URL, which is only
 * checked for form here; storeImage downloads it once the caller's permission is known. `allowEmpty`
 * (venues, organizers) lets "" clear the image; events refuse it.
 */
export function imageArg(options: { description: string; allowEmpty?: boolean }): Param<Promise<ImageInput>> {
  return {
    type: 'string',
    description: options.description,
    parse: async (raw, ctx, name): Promise<ImageInput> => {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw ParamError.wrongType(name, 'string')
      const text = String(raw).trim()
      if (text === '') {
        if (options.allowEmpty) return null
        throw new ParamError()
      }
      const id = toInteger(text)
      if (id !== null) {
        if (id < 1 || id > MAX_ID || !(await readVisible(ctx, MEDIA, [id], { select: {} })).has(id)) throw new ParamError()
        return { id }
      }
      if (!isHttpUrl(text)) throw new ParamError()
      // Anonymous callers are refused by the permission check next (401), before anything is fetched.
      if (!ctx.user) return { url: text }
      // Attaching by URL needs WordPress's upload_files, which contributors lack.
      if (!hasCapability(ctx.user, 'upload_files')) throw new ParamError()
      const own = await ownMediaId(ctx, text)
      if (own === null) throw new ParamError()
      return own === undefined ? { url: text } : { id: own }
    },
  }
}
