import { access } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionBeforeChangeHook } from 'payload'
import { isTracked, noteNewFiles, transactionIdOf } from '../../lib/uploads/trackNewFiles.js'

const exists = (file: string) => access(file).then(
  () => true,
  () => false,
)

/**
 * beforeChange of an upload collection: the files this change is about to write (the original and
 * its image sizes: Payload names them before the hook and writes them after it), noted for the
 * transaction it runs in when that transaction is tracked (trackNewFiles), so a rollback removes them.
 * A path that already holds a file is never noted: a rollback must not remove what was there before.
 */
export const recordNewFiles: CollectionBeforeChangeHook = async ({ data, req, collection }) => {
  const id = await transactionIdOf(req)
  const dir = collection.upload ? collection.upload.staticDir : undefined
  if (id === undefined || !dir || !isTracked(id)) return data
  const sizes = Object.values((data.sizes ?? {}) as Record<string, { filename?: unknown } | null>)
  const names = [data.filename, ...sizes.map((size) => size?.filename)].filter((name): name is string => typeof name === 'string' && name !== '')
  const paths = names.map((name) => path.resolve(dir, name))
  const fresh = await Promise.all(paths.map(async (file) => ((await exists(file)) ? [] : [file])))
  noteNewFiles(id, fresh.flat())
  return data
}
