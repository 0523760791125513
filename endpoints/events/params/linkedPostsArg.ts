import { readVisible } from '../../data/index.js'
import { ParamError } from '../../errors/ParamError.js'
import { RestError } from '../../errors/RestError.js'
import type { LinkedKind } from '../../linked/LinkedKind.js'
import { MAX_ID, toInteger } from '../../params/kinds.js'
import { parseParams } from '../../params/parseParams.js'
import type { LinkedWriteValues } from '../../linked/LinkedKind.js'
import type { Param, RequestContext } from '../../types.js'

/** A venue or organizer as sent: an existing one by ID, or the validated create arguments of one to find or make. */
export type LinkedRef = { id: number } | { inline: LinkedWriteValues; given: ReadonlySet<string> }

const MAX_ITEMS = 50

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The entries of the value: an ID, a CSV of IDs, `{id}`, an inline object, or a list of any of these. */
function entries(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw
  if (typeof raw === 'string') return raw.split(',').map((v) => v.trim()).filter(Boolean)
  if (typeof raw === 'number' || isObject(raw)) return [raw]
  throw new ParamError()
}

/** An inline object checked with the create arguments of POST /venues (/organizers), name required. */
async function validateInline(kind: LinkedKind, value: Record<string, unknown>, ctx: RequestContext): Promise<LinkedRef> {
  try {
    const { params, input } = await parseParams(kind.writeParams(true), { path: {}, query: {}, body: value }, ctx)
    return { inline: params, given: input.given }
  } catch (error) {
    if (error instanceof RestError) throw new ParamError()
    throw error
  }
}

/**
 * `venue` / `organizer` on event writes (reference 6.3): an ID, a list of IDs (CSV or array), `{id: X}`,
 * inline objects that create one (duplicate avoidance applies), or a mix, order kept. `0`, "" and []
 * remove them; null, the index default, means not sent. Every ID must be a venue (organizer) the caller
 * can see, and every inline object must pass the venue (organizer) create rules, else 400
 * rest_invalid_param. Nothing is created here: that waits for the permission check (resolveLinkedPosts).
 */
export function linkedPostsArg(kind: LinkedKind, description: string): Param<Promise<LinkedRef[] | null>> & { default: null } {
  return {
    default: null,
    items: { type: 'integer' },
    description,
    parse: async (raw, ctx): Promise<LinkedRef[] | null> => {
      if (raw === null) return null
      const list = entries(raw)
      if (list.length > MAX_ITEMS) throw new ParamError()
      const refs: LinkedRef[] = []
      for (const entry of list) {
        if (isObject(entry) && !('id' in entry)) {
          refs.push(await validateInline(kind, entry, ctx))
          continue
        }
        const value = isObject(entry) ? entry.id : entry
        const id = typeof value === 'string' || typeof value === 'number' ? toInteger(value) : null
        if (id === null || id < 0 || id > MAX_ID) throw new ParamError()
        if (id > 0 && !refs.some((r) => 'id' in r && r.id === id)) refs.push({ id })
      }
      const ids = refs.flatMap((r) => ('id' in r ? [r.id] : []))
      const visible = await readVisible(ctx, kind.collection, ids, { select: {} })
      if (ids.some((id) => !visible.has(id))) throw new ParamError()
      return refs
    },
  }
}
