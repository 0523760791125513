import type { DateFieldValidation } from 'payload'
import { date } from 'payload/shared'

export const END_BEFORE_START_MESSAGE = 'The end must not be before the start.'
export const START_AFTER_END_MESSAGE = 'The start must not be after the end.'

const instant = (value: unknown): number => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN)

/**
 * Field validate of an event's `startDate` or `endDate`: Payload's date checks, then the end not before
 * the start, refused on the date being changed (so an event stored that way before the rule stays
 * editable while its dates are left alone). The namespace never gets here with one: a start after the
 * end moves the end to the start there (reference 6.3).
 */
function datesInOrder(message: string): DateFieldValidation {
  return (value, options) => {
    const valid = date(value, options)
    if (valid !== true) return valid
    const dates = (options.siblingData ?? {}) as { startDate?: unknown; endDate?: unknown }
    const start = instant(dates.startDate)
    const end = instant(dates.endDate)
    if (Number.isNaN(start) || Number.isNaN(end) || end >= start) return true
    return instant(options.previousValue) === instant(value) ? true : message
  }
}

export const validateStartDate = datesInOrder(START_AFTER_END_MESSAGE)
export const validateEndDate = datesInOrder(END_BEFORE_START_MESSAGE)
