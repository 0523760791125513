import type { Validate } from 'payload'
import { seriesOfEvent, type SeriesLimits } from '../../lib/recurrence/index.js'

/**
 * Field validate of an event's `recurrence`, on every entry point (the namespace answers its message as
 * 400 rest_invalid_param naming `recurrence`): lines that parse, a frequency of a day or more, and at
 * most `maxOccurrences` occurrences within the horizon, read against the event's start, end and zone.
 */
export const validateRecurrence =
  (limits: SeriesLimits): Validate =>
  (value, { data, siblingData }) => {
    const event = { ...(data as object), ...(siblingData as object), recurrence: value }
    const result = seriesOfEvent(event, limits)
    return result.ok ? true : `Invalid recurrence: ${result.reasons.join('; ')}.`
  }
