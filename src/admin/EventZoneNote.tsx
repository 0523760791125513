'use client'
import { useConfig, useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { wallClockRange } from './wallClockRange.js'

/**
 * Shown under the event's time zone: the start and end as wall-clock times in that zone (the ones
 * the calendar namespace reports) and, when the browser is elsewhere, the same instants in the
 * browser's zone. The browser's zone is only known in the browser: it is read after hydration, so
 * the server's HTML and the browser's first render are the same text (no hydration mismatch).
 */
export function EventZoneNote() {
  const { config } = useConfig()
  const { start, end, timezone, allDay } = useFormFields(([fields]) => ({
    start: fields.startDate?.value,
    end: fields.endDate?.value,
    timezone: fields.timezone?.value,
    allDay: fields.allDay?.value === true,
  }))
  const [browserZone, setBrowserZone] = useState<string | null>(null)
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
  const siteTimezone = siteTimezoneOf(config)
  const range = wallClockRange(start, end, timezone, siteTimezone, allDay)
  const inBrowser = browserZone && !allDay ? wallClockRange(start, end, browserZone, siteTimezone) : null

  return (
    <div className="event-zone-note" data-testid="event-zone-note">
      {range ? (
        <p className="event-zone-note__range">
          <strong>{range.text}</strong> ({range.zoneLabel})
        </p>
      ) : (
        <p className="event-zone-note__range">Pick a start and an end to see the event&rsquo;s own time here.</p>
      )}
      {range?.unknownZone && (
        <p className="event-zone-note__warning">
          &ldquo;{range.unknownZone}&rdquo; is not a time zone; the site time zone ({siteTimezone}) applies.
        </p>
      )}
      {inBrowser && inBrowser.zoneLabel !== range?.zoneLabel && inBrowser.text !== range?.text && (
        <p className="event-zone-note__browser">
          Your time ({browserZone}): {inBrowser.text}
        </p>
      )}
    </div>
  )
}
