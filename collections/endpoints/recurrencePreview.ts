import { type Endpoint, headersWithCors, type PayloadRequest } from 'payload'
import { expandRecurrence, horizonEnd, recurrenceLines, seriesOfEvent, type SeriesLimits } from '../../lib/recurrence/index.js'
import { formatWall, wallOf } from '../../lib/recurrence/zoneTime.js'
import { zoneOf } from '../../lib/dates/wallClock.js'
import { hasCapability } from '../access/capabilities.js'

/** The largest body the preview reads: a form's worth of lines, far below MAX_BODY_BYTES. */
export const PREVIEW_MAX_BYTES = 64 * 1024
/** Most lines a preview reads, and most occurrences it answers. */
const MAX_LINES = 200
const DEFAULT_LIMIT = 8
const MAX_LIMIT = 50

export interface PreviewOccurrence {
  /** UTC instants (ISO). */
  start: string
  end: string
  /** Wall clocks in the event's zone, `YYYY-MM-DD HH:MM:SS`. */
  startLocal: string
  endLocal: string
}

/** A caller's mistake, answered in /api's error envelope (and not logged as the server's error). */
class PreviewError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

const badRequest = (message: string) => new PreviewError(message)
const tooLarge = () => new PreviewError(`The request body is too large (at most ${PREVIEW_MAX_BYTES} bytes).`, 413)

/** The body, at most PREVIEW_MAX_BYTES of JSON, as an object. */
async function readBody(req: PayloadRequest): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  if (declared > PREVIEW_MAX_BYTES) throw tooLarge()
  const text = (await req.text?.()) ?? ''
  if (Buffer.byteLength(text) > PREVIEW_MAX_BYTES) throw tooLarge()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    throw badRequest('The request body is not valid JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object: {recurrence, startDate, endDate, timezone, allDay}.')
  return body as Record<string, unknown>
}

const optionalString = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw badRequest(`${key} must be a string.`)
  return value
}

/**
 * POST /api/events/recurrence-preview: the next occurrences of a series as the event form holds it
 * (not yet saved), expanded exactly as the stored ones are (seriesOfEvent, expandRecurrence, up to
 * the same horizon), with wall clocks in the event's zone; or the reasons the lines would be refused
 * on save. For signed-in users who may edit posts (the recurrence editor of the admin calls it).
 * Body: {recurrence, startDate, endDate, timezone?, allDay?, from?, limit?}.
 */
export const recurrencePreview = (limits: SeriesLimits): Endpoint => ({
  path: '/recurrence-preview',
  method: 'post',
  handler: async (req) => {
    const headers = () => headersWithCors({ headers: new Headers({ 'Cache-Control': 'no-store' }), req })
    try {
      return await previewAnswer(req, limits, headers())
    } catch (error) {
      if (!(error instanceof PreviewError)) throw error
      return Response.json({ errors: [{ message: error.message }] }, { status: error.status, headers: headers() })
    }
  },
})

async function previewAnswer(req: PayloadRequest, limits: SeriesLimits, headers: Headers): Promise<Response> {
  if (!req.user) throw new PreviewError(req.t('error:unauthorized'), 401)
  if (!hasCapability(req.user, 'edit_posts')) throw new PreviewError(req.t('error:notAllowedToPerformAction'), 403)
  const body = await readBody(req)
  const lines = recurrenceLines(body.recurrence)
  if (lines === null) throw badRequest('recurrence must be a list of RRULE, RDATE and EXDATE lines.')
  if (lines.length > MAX_LINES) throw badRequest(`recurrence has more than ${MAX_LINES} lines.`)
  const startDate = optionalString(body, 'startDate')
  const endDate = optionalString(body, 'endDate')
  const timezone = optionalString(body, 'timezone') ?? ''
  const from = optionalString(body, 'from')
  if (body.allDay !== undefined && body.allDay !== null && typeof body.allDay !== 'boolean') throw badRequest('allDay must be true or false.')
  const limit = body.limit ?? DEFAULT_LIMIT
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}.`)
  const fromMs = from === undefined ? Date.now() : Date.parse(from)
  if (!Number.isFinite(fromMs)) throw badRequest('from must be a date (ISO 8601).')

  const zone = zoneOf(timezone) ?? limits.siteTimezone
  const event = { recurrence: lines, startDate, endDate, timezone, allDay: body.allDay === true }
  const parsed = seriesOfEvent(event, limits)
  const answer = (content: object) => Response.json({ timezone: zone, ...content }, { headers })
  if (!parsed.ok) return answer({ occurrences: [], reasons: parsed.reasons })

  let occurrences: PreviewOccurrence[]
  if (parsed.series) {
    const { series } = parsed
    occurrences = expandRecurrence(series, { horizonEnd: horizonEnd(new Date(series.start), limits.horizonMonths), from: fromMs, maxOccurrences: limit }).map((o) => ({
      start: o.start.toISOString(),
      end: o.end.toISOString(),
      startLocal: o.startLocal,
      endLocal: o.endLocal,
    }))
  } else {
    // Does not repeat: the event itself is the one occurrence.
    const start = Date.parse(startDate ?? '')
    const end = Date.parse(endDate ?? '')
    occurrences =
      Number.isFinite(start) && Number.isFinite(end) && end >= fromMs
        ? [{ start: new Date(start).toISOString(), end: new Date(end).toISOString(), startLocal: formatWall(wallOf(start, zone)), endLocal: formatWall(wallOf(end, zone)) }]
        : []
  }
  return answer({ occurrences })
}
