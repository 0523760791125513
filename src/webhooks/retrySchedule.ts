/**
 * The waits between a delivery's attempts, declared once: the first attempt is immediate, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (27.6 hours in all, so a receiver may be down a whole day).
 * After the last failed attempt the delivery is failed and its webhook disabled. WEBHOOK_RETRY_SCALE
 * multiplies every wait (tests run the whole schedule in seconds).
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const

/** Attempts a delivery gets in all. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1

/** After `attempts` failed attempts, the wait in ms before the next; null when none is left. */
export function retryDelayMs(attempts: number, scale: number): number | null {
  const seconds = RETRY_DELAYS_SECONDS[attempts - 1]
  return seconds === undefined ? null : Math.round(seconds * 1000 * scale)
}

/** The whole schedule, in hours, for messages ("failed for 27.6 hours"). */
export function scheduleHours(scale: number): string {
  const total = RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) * scale
  return total >= 3600 ? `${(total / 3600).toFixed(1)} hours` : `${Math.round(total)} seconds`
}
