import { findChanges, latestChangeId } from '../../data/index.js'
import { RestError } from '../../errors/RestError.js'
import { mayEditOthersPosts } from '../../permissions/index.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { encodeCursor } from '../params/changeCursor.js'
import type { ChangesValues } from '../params/changesParams.js'
import { serializeChange, type WireChange } from '../serialize/serializeChange.js'

const DAY_MS = 24 * 3600 * 1000

/**
 * GET /changes (docs/api.md, the change feed): the changes after the cursor, oldest first. The newest
 * committed ID is read first: every change up to it is committed (change rows commit in ID order,
 * collections/changes/changeQueue.ts), so a page that ends short moves the cursor up to it, past the
 * changes this caller may not learn of, and one that is full moves it to its last row.
 */
export async function listChanges(ctx: RequestContext, params: ChangesValues): Promise<RestResponse> {
  const now = Date.now()
  const upTo = await latestChangeId(ctx)
  const since = params.since
  if (!since) return { body: { changes: [], next_cursor: encodeCursor({ after: upTo, issuedAt: now }) } }
  const retentionDays = ctx.options.changesRetentionDays
  if (since.issuedAt < now - retentionDays * DAY_MS) throw new RestError('rest_changes_cursor_expired', 410, [retentionDays])
  const seesEverything = mayEditOthersPosts(ctx)
  const rows = since.after < upTo ? await findChanges(ctx, { after: since.after, upTo, limit: params.per_page, publicOnly: !seesEverything }) : []
  const full = rows.length === params.per_page
  const last = rows[rows.length - 1]
  // Caught up: everything up to now is read. A full page: what follows may be as old as its last row,
  // so the cursor is as old as that row, and expires before anything after it is pruned.
  const next = full && last ? { after: last.id, issuedAt: Math.min(now, Date.parse(last.changedAt)) } : { after: Math.max(since.after, upTo), issuedAt: now }
  const changes = rows.map((row) => serializeChange(row, seesEverything)).filter((change): change is WireChange => change !== null)
  return { body: { changes, next_cursor: encodeCursor(next) } }
}
