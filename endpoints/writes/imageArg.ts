import { MEDIA } from '../../collections/slugs.js'
import { ParamError } from '../errors/ParamError.js'
import { isHttpUrl, MAX_ID, toInteger } from '../params/kinds.js'
import { visibleIds } from '../params/existingIds.js'
import type { ParamSpec } from '../types.js'

/** A featured image as sent: an existing media ID, a URL to download (after the permission check), or none. */
export type ImageInput = { id: number } | { url: string } | null

/**
 * `image` on writes (reference 6.3): the ID of an existing image, or an http(s) URL, which is only
 * checked for form here; storeImage downloads it once the caller's permission is known. `allowEmpty`
 * (venues, organizers) lets "" clear the image; events refuse it.
 */
export function imageArg(options: { description: string; allowEmpty?: boolean }): ParamSpec {
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
        if (id < 1 || id > MAX_ID || !(await visibleIds(ctx, MEDIA, [id])).has(id)) throw new ParamError()
        return { id }
      }
      if (!isHttpUrl(text)) throw new ParamError()
      return { url: text }
    },
  }
}
