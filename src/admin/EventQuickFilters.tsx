'use client'
import { useListQuery } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'
import { type EventFilters, NO_FILTERS, applyFilters, readFilters } from './eventListWhere.js'
import './calendarAdmin.css'

interface Choice {
  value: string
  label: string
}

interface Props {
  siteTimezone: string
  /** The time zones events are stored with, so each is filtered on the days of its own zone. */
  zones: string[]
  statuses: Choice[]
  categories: Choice[]
  venues: Choice[]
  organizers: Choice[]
  tags: Choice[]
}

/** The events list's quick filters; they read and write the list query, so Payload's filter builder stays in step. */
export function EventQuickFilters({ siteTimezone, zones, statuses, categories, venues, organizers, tags }: Props) {
  const { query, handleWhereChange } = useListQuery()
  const fromQuery = readFilters(query?.where, siteTimezone)
  // What the editor last chose, ahead of the list query (which updates a moment later): two quick
  // edits in a row build on each other instead of the second undoing the first.
  const [filters, setFilters] = useState(fromQuery)
  const latest = useRef(fromQuery)
  const queryKey = JSON.stringify(fromQuery)
  useEffect(() => {
    latest.current = fromQuery
    setFilters(fromQuery)
    // fromQuery is rebuilt on every render; its content is what changes.
  }, [queryKey])
  // Marks the filters as live once React has taken over the page (inputs typed into earlier are lost).
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const set = (patch: Partial<EventFilters>) => {
    const next = { ...latest.current, ...patch }
    latest.current = next
    setFilters(next)
    void handleWhereChange?.(applyFilters(query?.where, next, siteTimezone, zones))
  }
  const select = (name: keyof EventFilters, label: string, choices: Choice[]) => (
    <label>
      {label}
      <select name={`filter-${name}`} value={filters[name]} onChange={(e) => set({ [name]: e.target.value })}>
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <div className="event-filters" role="search" aria-label="Filter events" data-ready={ready || undefined}>
      <label>
        From
        <input type="date" name="filter-from" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label>
        To
        <input type="date" name="filter-to" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </label>
      {select('status', 'Status', statuses)}
      {select('category', 'Category', categories)}
      {select('venue', 'Venue', venues)}
      {select('organizer', 'Organizer', organizers)}
      {select('tag', 'Tag', tags)}
      <button type="button" onClick={() => set(NO_FILTERS)}>
        Clear filters
      </button>
      <span className="event-filters__zone">Days in each event&rsquo;s own time zone</span>
    </div>
  )
}
