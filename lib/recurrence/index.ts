/** Recurring events: RFC 5545 lines checked into a series, and the series expanded into occurrences. */
export { expandRecurrence } from './expandRecurrence.js'
export { DEFAULT_MAX_OCCURRENCES, parseRecurrence, type ParseOptions } from './parseRecurrence.js'
export type { ExpandOptions, FirstOccurrence, Occurrence, ParseResult, RecurrenceSeries, SeriesRule } from './types.js'
export { recurrenceLines, splitLine, type ContentLine } from './contentLine.js'
export { horizonEnd, seriesOfEvent, type SeriesFields, type SeriesLimits } from './seriesOfEvent.js'
export { splitSeries, type SplitLines } from './splitSeries.js'
export { raisedBase } from './raisedBase.js'
