import type { CollectionBeforeChangeHook } from 'payload'
import { toDateTime, zoneOf } from '../../lib/dates/wallClock.js'
import { eventSchedule } from '../../lib/dates/eventSchedule.js'

/**
 * An all-day event runs from 00:00:00 of its first day to 23:59:59 of its last in its own zone
 * (reference 6.3), whichever way it is written: the namespace already stores it so, and this applies
 * the same rule to the admin, /api and GraphQL. Also on partial updates (only `allDay` sent). An event
 * without a zone is in `siteTimezone`.
 */
export const allDaySchedule = (siteTimezone: string): CollectionBeforeChangeHook => ({ data, originalDoc }) => {
  const value = <K extends string>(key: K) => (key in data ? data[key] : originalDoc?.[key])
  if (value('allDay') !== true) return data
  const start = value('startDate')
  const end = value('endDate') ?? start
  if (!start) return data
  const from = toDateTime(start)
  const to = toDateTime(end)
  // An end before the start is the validation's to refuse, not this hook's to repair.
  if (!from.isValid || !to.isValid || to < from) return data
  const zone = zoneOf(String(value('timezone') ?? '')) ?? siteTimezone
  return { ...data, ...eventSchedule(from, to, zone, true) }
}
