import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { WEBHOOK_DELIVERIES } from '../slugs.js'
import { encryptSigningSecret, newSigningSecret } from './signingSecret.js'

/**
 * beforeChange: on create, the signing secret is generated here (never chosen by the caller) and stored
 * encrypted; the plain value rides along in `data.secret` (a virtual field) for revealSigningSecret.
 * Switching a disabled webhook back on clears the reason it was disabled for.
 */
export const prepareWebhook: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation === 'create') {
    const plain = newSigningSecret()
    return { ...data, secretCiphertext: encryptSigningSecret(plain, req.payload.secret), secret: plain, disabledReason: null }
  }
  if (data.active === true && originalDoc?.active === false) return { ...data, disabledReason: null }
  return data
}

/** afterChange (create): the one answer that shows the secret (REST, GraphQL, Local API, the admin after saving). */
export const revealSigningSecret: CollectionAfterChangeHook = ({ data, doc, operation }) => {
  if (operation !== 'create' || typeof data.secret !== 'string') return doc
  return { ...doc, secret: data.secret }
}

/** beforeDelete: a webhook's deliveries go with it (in the delete's transaction), before the row they point to. */
export const deleteWebhookDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: WEBHOOK_DELIVERIES, where: { webhook: { equals: id } }, overrideAccess: true, req })
}
