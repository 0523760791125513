import type { DateFieldValidation } from 'payload'
import { date } from 'payload/shared'

export const END_BEFORE_START_MESSAGE = 'The end must not be before the start.'
export const START_AFTER_END_MESSAGE = 'The start must not be after the end.'

const instant = (value: unknown): number => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN)

/**
 * Field validate of an event's `startDate` or `endDate`: Payload's date checks, then the end not before
 * the start, refused on the date being changed (so an event stored that way before the rule stays
 * editable while its dates are left alone), and on a new event next to the end. The namespace never gets here with one: a start after the
 * end moves the end to the start there (reference 6.3).
 */
function datesInOrder(which: 'startDate' | 'endDate'): DateFieldValidation {
  return (value, options) => {
    const valid = date(value, options)
    if (valid !== true) return valid
    const dates = (options.siblingData ?? {}) as { startDate?: unknown; endDate?: unknown }
    const start = instant(dates.startDate)
    const end = instant(dates.endDate)
    if (Number.isNaN(start) || Number.isNaN(end) || end >= start) return true
    if (instant(options.previousValue) === instant(value)) return true
    // A new event has both dates new: the end alone carries the message.
    if (which === 'startDate') return options.operation === 'create' ? true : START_AFTER_END_MESSAGE
    return END_BEFORE_START_MESSAGE
  }
}

export const validateStartDate = datesInOrder('startDate')
export const validateEndDate = datesInOrder('endDate')
