import { DateTime } from 'luxon'
import type { Where } from 'payload'

/** The quick filters of the events list; '' means "any". Dates are yyyy-MM-dd in the site zone. */
export interface EventFilters {
  from: string
  to: string
  status: string
  category: string
  venue: string
}

export const NO_FILTERS: EventFilters = { from: '', to: '', status: '', category: '', venue: '' }

type Condition = Record<string, Record<string, unknown>>

/** The conditions the quick filters own: field and operator. Everything else in the query is kept. */
const OWNED: Array<[keyof EventFilters, string, string]> = [
  ['from', 'endDate', 'greater_than_equal'],
  ['to', 'startDate', 'less_than'],
  ['status', 'status', 'equals'],
  ['category', 'categories', 'in'],
  ['venue', 'venues', 'in'],
]

function isOwned(condition: Condition): boolean {
  const keys = Object.keys(condition)
  if (keys.length !== 1) return false
  const operators = Object.keys(condition[keys[0]!] ?? {})
  return OWNED.some(([, field, op]) => field === keys[0] && operators.length === 1 && operators[0] === op)
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
  for (const condition of groups(where)[0] ?? []) {
    for (const [key, field, op] of OWNED) {
      const value = condition[field]?.[op]
      if (value === undefined || Object.keys(condition).length !== 1) continue
      if (key === 'from') filters.from = DateTime.fromISO(first(value)).setZone(siteZone).toISODate() ?? ''
      else if (key === 'to') filters.to = DateTime.fromISO(first(value)).setZone(siteZone).minus({ milliseconds: 1 }).toISODate() ?? ''
      else filters[key] = first(value)
    }
  }
  return filters
}

/**
 * The list query with the quick filters applied to every OR-group, keeping conditions added with
 * Payload's filter builder. The date range selects events that overlap it (start before the day
 * after `to`, end on or after `from`), as the calendar namespace's start_date/end_date do.
 */
export function applyFilters(where: Where | undefined, filters: EventFilters, siteZone: string): Where {
  const ours: Condition[] = []
  const day = (date: string) => DateTime.fromISO(date, { zone: siteZone }).startOf('day')
  if (filters.from && day(filters.from).isValid) ours.push({ endDate: { greater_than_equal: day(filters.from).toUTC().toISO() } })
  if (filters.to && day(filters.to).isValid) ours.push({ startDate: { less_than: day(filters.to).plus({ days: 1 }).toUTC().toISO() } })
  if (filters.status) ours.push({ status: { equals: filters.status } })
  if (filters.category) ours.push({ categories: { in: [filters.category] } })
  if (filters.venue) ours.push({ venues: { in: [filters.venue] } })
  const next = groups(where).map((group) => [...group.filter((c) => !isOwned(c)), ...ours])
  if (next.every((group) => group.length === 0)) return {}
  return { or: next.map((and) => ({ and })) } as Where
}
