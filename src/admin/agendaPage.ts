import { DateTime } from 'luxon'

/** Rows on one page of the agenda. */
export const AGENDA_PAGE_SIZE = 25
/** Pages reachable by number; past them the agenda says to start from a later date. */
export const AGENDA_MAX_PAGES = 40

export interface AgendaPage {
  /** The first day shown (yyyy-MM-dd, site zone). */
  from: string
  /** Events ending at or after this instant are listed (ISO UTC): the start of `from` in the site zone. */
  fromInstant: string
  /** 1-based, at most AGENDA_MAX_PAGES. */
  page: number
  /** How many items to read so that this page's are the last of them. */
  read: number
  /** Only this recurring event's occurrences (`?series=<id>`). */
  series?: number
}

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value)

/**
 * The agenda's page from its query string: `from` a date (else today in the site zone), `page` a
 * positive number (else 1), `series` an event ID (else every event). Anything unreadable falls back to
 * the default rather than failing.
 */
export function agendaPage(searchParams: Record<string, unknown> | undefined, siteZone: string, now: DateTime = DateTime.now()): AgendaPage {
  const fromParam = one(searchParams?.from)
  const parsed = typeof fromParam === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(fromParam) ? DateTime.fromISO(fromParam, { zone: siteZone }) : null
  const day = parsed?.isValid ? parsed.startOf('day') : now.setZone(siteZone).startOf('day')
  const pageParam = Number(one(searchParams?.page))
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, AGENDA_MAX_PAGES) : 1
  const seriesParam = Number(one(searchParams?.series))
  const series = Number.isSafeInteger(seriesParam) && seriesParam > 0 ? seriesParam : undefined
  return { from: day.toISODate()!, fromInstant: day.toUTC().toISO()!, page, read: page * AGENDA_PAGE_SIZE, ...(series ? { series } : {}) }
}
