import type { CollectionBeforeOperationHook } from 'payload'
import type { IdSequence } from '../slugs.js'
import { nextId } from './nextId.js'

/** beforeOperation: give a new document the next ID of its sequence (posts or terms). */
export function assignId(sequence: IdSequence): CollectionBeforeOperationHook {
  return async ({ args, operation, req }) => {
    if (operation !== 'create') return args
    const data = (args.data ?? {}) as Record<string, unknown>
    data.id = await nextId(req, sequence)
    args.data = data
    return args
  }
}
