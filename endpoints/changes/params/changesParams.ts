import { ParamError } from '../../errors/ParamError.js'
import { msg } from '../../errors/messages.js'
import { positiveIntArg } from '../../params/kinds.js'
import type { Param, ParamSpecs, Params } from '../../types.js'
import { decodeCursor, type ChangeCursor } from './changeCursor.js'

/** Most changes one page of the feed answers (its rows are small: a kind, an ID, an action, a date). */
export const MAX_CHANGES_PER_PAGE = 500

/** `since`: a cursor the feed answered (next_cursor); anything else is refused (400). */
const sinceArg: Param<ChangeCursor> = {
  type: 'string',
  description: 'The next_cursor of an earlier answer: the changes after it. Without it: no changes, and a cursor for now',
  parse: (raw, _ctx, name) => {
    if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
    const cursor = decodeCursor(raw)
    if (!cursor) throw new ParamError(msg('invalid-changes-cursor'))
    return cursor
  },
}

const perPage = positiveIntArg({ description: 'The number of changes to return on each page', default: 100 })

/** GET /changes parameters (docs/api.md, the change feed). */
export const changesParams = {
  since: sinceArg,
  per_page: { ...perPage, parse: (raw: unknown, ctx: Parameters<typeof perPage.parse>[1], name: string) => Math.min(perPage.parse(raw, ctx, name), MAX_CHANGES_PER_PAGE) },
} satisfies ParamSpecs

export type ChangesValues = Params<typeof changesParams>
