import { unlink } from 'node:fs/promises'
import type { Payload, PayloadRequest } from 'payload'

type TransactionId = number | string

/**
 * The upload files written inside each tracked transaction, by transaction ID. A rolled-back
 * transaction takes its media rows with it but not the files Payload wrote for them (the original
 * and every image size); whoever opened the transaction removes those files on rollback.
 */
const written = new Map<TransactionId, Set<string>>()

/** The files of one tracked transaction: kept when it commits, removed when it rolls back. */
export interface NewFiles {
  /** The transaction committed: its files belong to its rows. */
  keep(): void
  /** The transaction rolled back: removes the files it wrote (never one that existed before it). */
  discard(): Promise<void>
}

/** The transaction `req` is in, once it has started. */
export async function transactionIdOf(req: PayloadRequest): Promise<TransactionId | undefined> {
  return req.transactionID === undefined ? undefined : await req.transactionID
}

/**
 * Starts recording the files written in `req`'s open transaction (recordNewFiles, on the upload
 * collection, notes them). Call it right after initTransaction, and always end with keep or discard.
 */
export async function trackNewFiles(req: PayloadRequest, payload: Payload): Promise<NewFiles> {
  const id = await transactionIdOf(req)
  if (id === undefined) return { keep: () => undefined, discard: async () => undefined }
  written.set(id, new Set())
  return {
    keep: () => void written.delete(id),
    discard: async () => {
      const paths = written.get(id) ?? []
      written.delete(id)
      for (const file of paths) {
        await unlink(file).catch((err: NodeJS.ErrnoException) => {
          // Not written at all: the write failed before Payload stored the file.
          if (err.code !== 'ENOENT') payload.logger.error({ err, file }, 'could not remove a file of a rolled-back write')
        })
      }
    },
  }
}

/** Notes files about to be written in a transaction, if it is tracked. */
export function noteNewFiles(id: TransactionId, paths: string[]): void {
  const files = written.get(id)
  if (files) for (const file of paths) files.add(file)
}

/** Whether files written in this transaction are recorded. */
export const isTracked = (id: TransactionId): boolean => written.has(id)
