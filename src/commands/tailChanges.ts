import { setTimeout as sleep } from 'node:timers/promises'
import type { Payload } from 'payload'
import { CHANGES } from '../../collections/slugs.js'
import { serializeChange, type StoredChange } from '../../endpoints/changes/serialize/serializeChange.js'
import { CommandError } from './CommandError.js'

export interface TailOptions {
  /** 'now' (default): only what comes next, as tail -f; 'start': every change still kept first. */
  from: 'now' | 'start'
  /** 'editor' (default): what happened; 'public': the feed as an anonymous caller reads it. */
  view: 'editor' | 'public'
  /** Seconds between two reads. */
  intervalMs: number
}

/** The flags of changes:tail, checked before Payload boots. */
export function parseTailFlags(flags: Record<string, string | undefined>): TailOptions {
  const from = flags.from ?? 'now'
  const view = flags.view ?? 'editor'
  const seconds = Number(flags.interval ?? '1')
  if (from !== 'now' && from !== 'start') throw new CommandError(`--from is "now" or "start", not "${from}"`)
  if (view !== 'editor' && view !== 'public') throw new CommandError(`--view is "editor" or "public", not "${view}"`)
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600) throw new CommandError('--interval is a number of seconds from 0.1 to 3600')
  return { from, view, intervalMs: Math.round(seconds * 1000) }
}

const PAGE = 500

/** One line per change: when (UTC), kind, ID, action; the editor view adds who could see it before and after. */
export function changeLine(change: StoredChange, view: TailOptions['view']): string | null {
  const wire = serializeChange(change, view === 'editor')
  if (!wire) return null
  const when = new Date(change.changedAt).toISOString().replace(/\.\d+Z$/, 'Z')
  const line = `${when}  ${wire.kind.padEnd(9)} ${String(wire.id).padStart(9)}  ${wire.action}`
  if (view === 'public') return line
  const seen = (flag: boolean | null | undefined) => (flag ? 'public' : 'hidden')
  return `${line.padEnd(50)}  ${seen(change.publicBefore)} -> ${seen(change.publicAfter)}`
}

/**
 * changes:tail: prints the change feed as it grows, one line per change, oldest first, until `stop`
 * aborts (Ctrl-C). Reads the rows up to the newest committed one, as the feed does, so no change is
 * skipped or printed twice (collections/changes/changeQueue.ts: change rows commit in ID order).
 */
export async function tailChanges(payload: Payload, options: TailOptions, write: (line: string) => void, stop: AbortSignal): Promise<number> {
  const newest = async () => Number((await payload.find({ collection: CHANGES, sort: '-id', limit: 1, pagination: false, depth: 0, overrideAccess: true })).docs[0]?.id ?? 0)
  let after = options.from === 'start' ? 0 : await newest()
  while (!stop.aborted) {
    const upTo = await newest()
    while (after < upTo && !stop.aborted) {
      const { docs } = await payload.find({
        collection: CHANGES,
        where: { and: [{ id: { greater_than: after } }, { id: { less_than_equal: upTo } }] },
        sort: 'id',
        limit: PAGE,
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
      for (const row of docs as StoredChange[]) {
        const line = changeLine(row, options.view)
        if (line) write(line)
      }
      after = docs.length < PAGE ? upTo : docs[docs.length - 1]!.id
    }
    await sleep(options.intervalMs, undefined, { signal: stop }).catch(() => undefined)
  }
  return 0
}
