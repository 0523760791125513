import type { Payload } from 'payload'
import { relationId } from '../../collections/relationIds.js'
import { attemptDelivery, type DeliverySettings, dueDeliveries } from './deliverDue.js'
import { fanOutChanges } from './fanOutChanges.js'

export interface WorkerSettings extends DeliverySettings {
  /** Deliveries this process sends at once (WEBHOOK_CONCURRENCY). */
  concurrency: number
  /** Pause between passes. Default 1 s. */
  pollMs?: number
}

/**
 * The webhook worker of a server process, apart from the requests: every pass it queues the deliveries
 * of new changes (fanOutChanges) and starts the due ones, at most `concurrency` in flight, each bounded
 * by its time limit, so a slow or dead receiver holds a slot, never a write or the other receivers.
 *
 * Why not Payload's jobs queue: its jobs are rows too, but a job's claim is a read then a write (two
 * processes on one database can both run a job), its back-off is per task configuration rather than
 * one declared schedule, and the delivery log the admin shows would be a second table to keep in step.
 * The queue here is the deliveries themselves, claimed by one conditional UPDATE (claimDelivery.ts).
 * Every process on the database runs one; they share the work through the database.
 */
export function startWebhookWorker(payload: Payload, settings: WorkerSettings): { stop: () => Promise<void> } {
  const inFlight = new Set<Promise<unknown>>()
  // One delivery per webhook at a time (in this process): a receiver gets its changes in order while
  // it answers, and a slow one holds one slot, not all of them.
  const busy = new Set<number>()
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let passing: Promise<void> | undefined

  const pass = async () => {
    try {
      await fanOutChanges(payload)
    } catch (err) {
      payload.logger.warn({ err }, 'webhooks: could not queue the deliveries of new changes (retried on the next pass)')
    }
    const free = settings.concurrency - inFlight.size
    if (stopped || free <= 0) return
    let due
    try {
      due = await dueDeliveries(payload, new Date(), Math.max(free * 4, 20))
    } catch (err) {
      payload.logger.warn({ err }, 'webhooks: could not read the due deliveries')
      return
    }
    for (const delivery of due) {
      if (stopped || inFlight.size >= settings.concurrency) break
      const webhook = Number(relationId(delivery.webhook))
      if (busy.has(webhook)) continue
      busy.add(webhook)
      const attempt = attemptDelivery(payload, delivery, settings)
        .catch((err: unknown) => payload.logger.warn({ err, delivery: delivery.id }, 'webhooks: a delivery attempt could not be recorded (retried once its claim expires)'))
        .finally(() => {
          inFlight.delete(attempt)
          busy.delete(webhook)
          // A freed slot takes the next due delivery without waiting for the timer.
          if (!stopped) schedule(0)
        })
      inFlight.add(attempt)
    }
  }

  const schedule = (ms: number) => {
    if (stopped || passing) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      passing = pass().finally(() => {
        passing = undefined
        schedule(settings.pollMs ?? 1000)
      })
    }, ms)
    timer.unref()
  }
  schedule(settings.pollMs ?? 1000)

  return {
    /** Stops taking work and waits for the attempts in flight (each bounded by its time limit). */
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await passing
      await Promise.allSettled([...inFlight])
    },
  }
}
