import { DateTime } from 'luxon'
import { entryRepeat } from './entryRepeat.js'
import { eventZone } from './eventZone.js'
import { statusLabel } from '../../lib/postStatus.js'
import { wallClockRange } from './wallClockRange.js'

export interface CalendarEvent {
  id: number | string
  title?: string | null
  startDate?: string | null
  endDate?: string | null
  timezone?: string | null
  allDay?: boolean | null
  status?: string | null
  hasPassword?: boolean | null
  /** An occurrence of a recurring series (readCalendarEvents.ts); `id` is then the series' (or, changed, its own event's). */
  repeat?: Repeat
}

/** What makes an item an occurrence of a series. */
export interface Repeat {
  /** The ID the namespace answers the occurrence under (10,000,000 + its occurrence ID). */
  provisionalId: number
  seriesId: number
  /** The start the rule gives it (ISO UTC). */
  originalStart: string
  /** Taken out of the series into an event of its own (`id`). */
  changed: boolean
}

/** An occurrence's entry: what its dialog (OccurrenceEntry.tsx) needs, dates as its form's inputs read them. */
export interface EntryRepeat extends Repeat {
  /** The event's zone, in which the inputs are wall clocks. */
  zone: string
  /** yyyy-MM-ddTHH:mm (yyyy-MM-dd all day) in `zone`. */
  startInput: string
  endInput: string
  /** "Thu 18 Mar 2027, 19:00–21:00" in `zone`. */
  when: string
  allDay: boolean
}

export interface CalendarEntry {
  id: number | string
  title: string
  /** "19:00", "All day", or "…" on the days after the first of a multi-day event. */
  time: string
  /** The event's zone as labelled in the admin ("Europe/Paris", "UTC (site time zone)"). */
  zone: string
  status: string
  continued: boolean
  /** Password-protected: marked like a draft. */
  protected: boolean
  /** The hover text: the whole title, its times in its zone, its status. */
  hover: string
  /** Orders a day's entries as they read: all-day and continuing ones first, then by local start time. */
  order: string
  repeat?: EntryRepeat
}

export interface CalendarDay {
  /** yyyy-MM-dd */
  date: string
  day: number
  inMonth: boolean
  isToday: boolean
  entries: CalendarEntry[]
}

export interface MonthGrid {
  /** yyyy-MM of the month shown, and of its neighbours (for the navigation links). */
  month: string
  previous: string
  next: string
  /** "December 2026" */
  label: string
  weeks: CalendarDay[][]
  /** First and last instants the grid covers, widened by a day so every zone's events are fetched. */
  fetchFrom: string
  fetchTo: string
}

/** The month asked for (yyyy-MM), else the current one in the site zone. */
export function monthStart(month: unknown, siteZone: string, now: DateTime = DateTime.now()): DateTime {
  if (typeof month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    const parsed = DateTime.fromFormat(month, 'yyyy-MM', { zone: siteZone })
    if (parsed.isValid) return parsed.startOf('month')
  }
  return now.setZone(siteZone).startOf('month')
}

/**
 * A Monday-first month grid. Each event sits on every day it covers in its OWN zone (as The Events
 * Calendar's month view does), so an event at 19:00 in Paris shows on its Paris date wherever the
 * editor is. An event ending exactly at midnight does not spill into the next day. A day lists its
 * events in the order their labels read: all-day and continuing ones, then by local start time.
 */
export function monthGrid(first: DateTime, siteZone: string, events: CalendarEvent[], now: DateTime = DateTime.now()): MonthGrid {
  const gridStart = first.startOf('week')
  const gridEnd = first.endOf('month').endOf('week')
  const today = now.setZone(siteZone).toISODate()
  const byDay = new Map<string, CalendarEntry[]>()

  for (const event of events) {
    if (!event.startDate) continue
    const { zone, label } = eventZone(event.timezone, siteZone)
    const start = DateTime.fromISO(event.startDate).setZone(zone)
    let end = event.endDate ? DateTime.fromISO(event.endDate).setZone(zone) : start
    if (!start.isValid) continue
    if (!end.isValid || end < start) end = start
    if (end > start && end.equals(end.startOf('day'))) end = end.minus({ milliseconds: 1 })
    const lastDay = end.toISODate()!
    const title = event.title || `(untitled #${event.id})`
    const when = wallClockRange(event.startDate, event.endDate, event.timezone, siteZone, event.allDay === true)
    const status = event.status ?? 'publish'
    const hover = [
      `${title} — ${when?.text ?? ''} (${label})`,
      status !== 'publish' ? statusLabel(status) : '',
      event.hasPassword ? 'Password-protected' : '',
      event.repeat ? (event.repeat.changed ? 'Changed occurrence of a repeating event' : 'Repeating event') : '',
    ]
      .filter(Boolean)
      .join(' · ')
    const repeat = entryRepeat(event, siteZone)
    let day = start.startOf('day')
    for (let i = 0; day.toISODate()! <= lastDay && i < 62; i++, day = day.plus({ days: 1 })) {
      const key = day.toISODate()!
      const entries = byDay.get(key) ?? []
      const time = i > 0 ? '…' : event.allDay ? 'All day' : start.toFormat('HH:mm')
      entries.push({
        id: event.id,
        title,
        time,
        zone: label,
        status,
        continued: i > 0,
        protected: event.hasPassword === true,
        hover,
        order: `${i > 0 || event.allDay ? '0' : `1${time}`} ${title.toLocaleLowerCase('en')}`,
        ...(repeat ? { repeat } : {}),
      })
      byDay.set(key, entries)
    }
  }

  for (const entries of byDay.values()) entries.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))

  const weeks: CalendarDay[][] = []
  for (let week = gridStart; week <= gridEnd; week = week.plus({ weeks: 1 })) {
    const days: CalendarDay[] = []
    for (let d = 0; d < 7; d++) {
      const date = week.plus({ days: d })
      const key = date.toISODate()!
      days.push({ date: key, day: date.day, inMonth: date.month === first.month, isToday: key === today, entries: byDay.get(key) ?? [] })
    }
    weeks.push(days)
  }

  return {
    month: first.toFormat('yyyy-MM'),
    previous: first.minus({ months: 1 }).toFormat('yyyy-MM'),
    next: first.plus({ months: 1 }).toFormat('yyyy-MM'),
    label: first.setLocale('en-GB').toFormat('LLLL yyyy'),
    weeks,
    fetchFrom: gridStart.minus({ days: 1 }).toUTC().toISO()!,
    fetchTo: gridEnd.plus({ days: 1 }).toUTC().toISO()!,
  }
}
