import type { CollectionBeforeOperationHook } from 'payload'
import type { IdSequence } from '../slugs.js'
import { nextId } from './nextId.js'

/** req.context key: an ID the operator's import keeps (reserved in the sequence beforehand, see reserveIds). */
export const IMPORT_ID = 'importId'

/** beforeOperation: give a new document the next ID of its sequence (posts or terms), or the import's own. */
export function assignId(sequence: IdSequence): CollectionBeforeOperationHook {
  return async ({ args, operation, req }) => {
    if (operation !== 'create') return args
    const data = (args.data ?? {}) as Record<string, unknown>
    const kept = req.context?.[IMPORT_ID]
    data.id = typeof kept === 'number' && Number.isInteger(kept) && kept > 0 ? kept : await nextId(req, sequence)
    args.data = data
    return args
  }
}
