'use client'
import { useConfig, useFormFields } from '@payloadcms/ui'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { wallClockRange } from './wallClockRange.js'

/**
 * Shown under the event's time zone: the start and end as wall-clock times in that zone. Payload's
 * date pickers work in the browser's zone, which is often not the event's; this makes the event's
 * own time (the one the calendar namespace reports) unmistakable.
 */
export function EventZoneNote() {
  const { config } = useConfig()
  const { start, end, timezone, allDay } = useFormFields(([fields]) => ({
    start: fields.startDate?.value,
    end: fields.endDate?.value,
    timezone: fields.timezone?.value,
    allDay: fields.allDay?.value,
  }))
  const siteTimezone = siteTimezoneOf(config)
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const range = wallClockRange(start, end, timezone, siteTimezone, allDay === true)

  return (
    <div className="event-zone-note" data-testid="event-zone-note">
      {range ? (
        <p className="event-zone-note__range">
          <strong>{range.text}</strong> {range.zoneLabel}
        </p>
      ) : (
        <p className="event-zone-note__range">Pick a start and an end to see the event&rsquo;s own time here.</p>
      )}
      {range?.unknownZone && (
        <p className="event-zone-note__warning">
          &ldquo;{range.unknownZone}&rdquo; is not a time zone; the site time zone ({siteTimezone}) applies.
        </p>
      )}
      <p className="event-zone-note__browser">The Start and End pickers above show your browser&rsquo;s time ({browserZone}).</p>
    </div>
  )
}
