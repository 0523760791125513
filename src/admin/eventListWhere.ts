import { DateTime } from 'luxon'
import type { Where } from 'payload'
import { eventZone } from './eventZone.js'

/** The quick filters of the events list; '' means "any". Dates are yyyy-MM-dd, days in each event's own zone. */
export interface EventFilters {
  from: string
  to: string
  status: string
  category: string
  venue: string
  organizer: string
  tag: string
}

export const NO_FILTERS: EventFilters = { from: '', to: '', status: '', category: '', venue: '', organizer: '', tag: '' }

type Condition = Record<string, Record<string, unknown>>
type Choice = Exclude<keyof EventFilters, 'from' | 'to'>

/** The single-value filters: field and operator. */
const CHOICES: Array<[Choice, string, string]> = [
  ['status', 'status', 'equals'],
  ['category', 'categories', 'in'],
  ['venue', 'venues', 'in'],
  ['organizer', 'organizers', 'in'],
  ['tag', 'tags', 'in'],
]

/** The conditions the date range writes: the bounds, and which events (by stored zone) each bound is for. */
const DATE_CONDITIONS: Array<[string, string]> = [
  ['endDate', 'greater_than_equal'],
  ['startDate', 'less_than'],
  ['timezone', 'in'],
  ['timezone', 'not_in'],
  ['timezone', 'exists'],
]

const only = (condition: Condition): [string, string] | null => {
  const keys = Object.keys(condition)
  if (keys.length !== 1) return null
  const operators = Object.keys(condition[keys[0]!] ?? {})
  return operators.length === 1 ? [keys[0]!, operators[0]!] : null
}

/** A condition the quick filters own; everything else in the query (Payload's filter builder) is kept. */
function isOwned(condition: Condition): boolean {
  const pair = only(condition)
  if (!pair) return false
  const [field, op] = pair
  return [...CHOICES.map(([, f, o]) => [f, o]), ...DATE_CONDITIONS].some(([f, o]) => f === field && o === op)
}

/** The list query as OR-groups of AND-ed conditions, the shape Payload's own filter builder writes. */
function groups(where: Where | undefined): Condition[][] {
  if (!where || Object.keys(where).length === 0) return [[]]
  if (Array.isArray(where.or)) return where.or.map((group) => (Array.isArray(group.and) ? (group.and as Condition[]) : [group as Condition]))
  if (Array.isArray(where.and)) return [where.and as Condition[]]
  return [[where as Condition]]
}

function first(value: unknown): string {
  const v = Array.isArray(value) ? value[0] : value
  return v === undefined || v === null ? '' : String(v)
}

/** Reads the quick filters back from the list's current query (so they survive reloads and links). */
export function readFilters(where: Where | undefined, siteZone: string): EventFilters {
  const filters = { ...NO_FILTERS }
  const all = groups(where)
  for (const condition of all[0] ?? []) {
    for (const [key, field, op] of CHOICES) {
      const value = condition[field]?.[op]
      if (value !== undefined && Object.keys(condition).length === 1) filters[key] = first(value)
    }
  }
  // The bounds are read from a group of site-zone events (one without `timezone in`).
  const siteGroup = all.find((group) => !group.some((c) => c.timezone?.in !== undefined))
  for (const condition of siteGroup ?? []) {
    const from = condition.endDate?.greater_than_equal
    const to = condition.startDate?.less_than
    if (from !== undefined) filters.from = DateTime.fromISO(first(from)).setZone(siteZone).toISODate() ?? ''
    if (to !== undefined) filters.to = DateTime.fromISO(first(to)).setZone(siteZone).minus({ milliseconds: 1 }).toISODate() ?? ''
  }
  return filters
}

/** The range's bounds as instants in one zone: events overlapping the days (start before the day after `to`, end on or after `from`). */
function bounds(filters: EventFilters, zone: string): Condition[] {
  const day = (date: string) => DateTime.fromISO(date, { zone }).startOf('day')
  const out: Condition[] = []
  if (filters.from && day(filters.from).isValid) out.push({ endDate: { greater_than_equal: day(filters.from).toUTC().toISO() } })
  if (filters.to && day(filters.to).isValid) out.push({ startDate: { less_than: day(filters.to).plus({ days: 1 }).toUTC().toISO() } })
  return out
}

/**
 * The date range as OR-groups, one per zone the events use (`zones`: the stored `timezone` values),
 * so each event is matched on the days of its own zone, as the list, calendar and dashboard show it.
 * Events whose zone is empty, unreadable or the site's, and any stored after the list was loaded,
 * are matched in the site zone. Flat conditions only, so Payload's filter builder still reads them.
 */
function dateGroups(filters: EventFilters, siteZone: string, zones: readonly string[]): Condition[][] {
  const site = bounds(filters, siteZone)
  if (site.length === 0) return [[]]
  const byZone = new Map<string, string[]>()
  for (const value of new Set(zones)) {
    const { zone } = eventZone(value, siteZone)
    if (zone !== siteZone) byZone.set(zone, [...(byZone.get(zone) ?? []), value])
  }
  if (byZone.size === 0) return [site]
  const elsewhere = [...byZone.values()].flat()
  return [
    [{ timezone: { exists: false } }, ...site],
    [{ timezone: { not_in: elsewhere } }, ...site],
    ...[...byZone].map(([zone, values]) => [{ timezone: { in: values } }, ...bounds(filters, zone)]),
  ]
}

/**
 * The list query with the quick filters applied to every OR-group, keeping conditions added with
 * Payload's filter builder. The date range selects events that overlap it, as the calendar
 * namespace's start_date/end_date do, each on the days of its own zone.
 */
export function applyFilters(where: Where | undefined, filters: EventFilters, siteZone: string, zones: readonly string[] = []): Where {
  const theirs = new Map<string, Condition[]>()
  for (const group of groups(where)) {
    const kept = group.filter((c) => !isOwned(c))
    theirs.set(JSON.stringify(kept), kept)
  }
  const chosen: Condition[] = []
  for (const [key, field, op] of CHOICES) {
    if (filters[key]) chosen.push({ [field]: { [op]: op === 'in' ? [filters[key]] : filters[key] } })
  }
  const dates = dateGroups(filters, siteZone, zones)
  const next = [...theirs.values()].flatMap((group) => dates.map((range) => [...group, ...chosen, ...range]))
  if (next.every((group) => group.length === 0)) return {}
  return { or: next.map((and) => ({ and })) } as Where
}
