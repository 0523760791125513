import { EVENTS } from '../../../collections/slugs.js'
import { existingIdArg } from '../../params/existingIds.js'
import { stringArg } from '../../params/kinds.js'
import { modifiedAfterArg } from '../../params/modifiedAfterArg.js'
import { pageArgs } from '../../params/pageArgs.js'
import { statusArg } from '../../params/statusArg.js'
import type { ParamSpecs, Params } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import { truthyArg } from './truthyArg.js'

/** GET /venues and GET /organizers parameters, in the reference's order (reference 7.1 and 8). */
export function linkedArchiveParams(kind: LinkedKind) {
  return {
    ...pageArgs(kind.texts.perPage),
    search: stringArg({ description: kind.texts.search, maxLength: 1000 }),
    event: existingIdArg(EVENTS, { description: kind.texts.event }),
    has_events: truthyArg({ description: kind.texts.hasEvents }),
    only_with_upcoming: truthyArg({ description: kind.texts.onlyWithUpcoming, default: false }),
    status: statusArg(kind.texts.status),
    // Extension (docs/api.md): the venues (organizers) changed since a client's last read.
    modified_after: modifiedAfterArg,
  } satisfies ParamSpecs
}

/** A venue (organizer) archive's parsed parameters. */
export type LinkedArchiveValues = Params<ReturnType<typeof linkedArchiveParams>>
