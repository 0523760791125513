import { type CollectionBeforeOperationHook, commitTransaction } from 'payload'

/**
 * forgot-password reserves the account (Payload's one-request-per-interval throttle) with a write
 * made outside the operation's transaction on purpose. On SQLite the open transaction holds the one
 * write lock, so that write waited for it and the request failed after the busy timeout. Nothing is
 * written yet when this runs: end the request's own, empty transaction and let the operation go on
 * without one (it updates one row). A Local API caller's transaction is left alone.
 */
export const forgotPasswordOutsideTransaction: CollectionBeforeOperationHook = async ({ operation, args, req }) => {
  if (operation !== 'forgotPassword' || req.payloadAPI === 'local' || !req.transactionID) return args
  await commitTransaction(req)
  return args
}
