import { randomUUID } from 'node:crypto'
import { type Endpoint, headersWithCors } from 'payload'
import { roleOf } from '../roles.js'
import { WEBHOOK_DELIVERIES, WEBHOOKS } from '../slugs.js'

/** The type of a test delivery; receivers may ignore it. */
export const TEST_EVENT_TYPE = 'webhook.test'

/**
 * POST /api/webhooks/<id>/test (the edit view's "Send test event" button), administrators only: queues
 * one signed delivery of type `webhook.test` to the endpoint, sent by the delivery worker like any other
 * (so it shows in the delivery log with its status, duration and answer), whether or not the webhook is
 * active: the way to check a receiver before switching it back on. Answers 202 with the delivery.
 */
export const sendTestEvent: Endpoint = {
  path: '/:id/test',
  method: 'post',
  handler: async (req) => {
    const headers = headersWithCors({ headers: new Headers({ 'Cache-Control': 'no-store' }), req })
    const refuse = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status, headers })
    if (!req.user) return refuse(401, req.t('error:unauthorized'))
    if (roleOf(req.user) !== 'administrator') return refuse(403, req.t('error:notAllowedToPerformAction'))
    const id = Number(req.routeParams?.id)
    if (!Number.isInteger(id) || id < 1) return refuse(404, req.t('error:notFound'))
    const found = await req.payload.find({ collection: WEBHOOKS, where: { id: { equals: id } }, limit: 1, depth: 0, pagination: false, user: req.user, overrideAccess: false, select: { url: true } })
    if (!found.docs[0]) return refuse(404, req.t('error:notFound'))
    const now = new Date()
    const messageId = `msg_test_${randomUUID()}`
    const delivery = await req.payload.create({
      collection: WEBHOOK_DELIVERIES,
      overrideAccess: true,
      depth: 0,
      data: {
        webhook: id,
        messageId,
        type: TEST_EVENT_TYPE,
        test: true,
        payload: { type: TEST_EVENT_TYPE, timestamp: now.toISOString(), data: { webhook: id, message: 'A test event sent from the calendar admin.' } },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now.toISOString(),
      },
    })
    return Response.json({ delivery: { id: delivery.id, messageId, status: delivery.status } }, { status: 202, headers })
  },
}
