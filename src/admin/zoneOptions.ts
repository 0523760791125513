/** WordPress's manual offsets, as TEC sites store them ("UTC+2"), whole hours from UTC-12 to UTC+14. */
const OFFSETS = Array.from({ length: 27 }, (_, i) => i - 12).map((h) => (h === 0 ? 'UTC+0' : `UTC${h > 0 ? '+' : ''}${h}`))

export type ZoneChoice = { label: string; value: string }

export type ZoneGroup = { label: string; options: ZoneChoice[] }

/**
 * The choices of the event's time zone: every IANA zone the runtime knows (plus UTC), then the
 * manual offsets. A stored value neither list has (an alias such as "Asia/Kolkata", an offset like
 * "UTC+5:30") is offered too, so it stays shown and kept.
 */
export function zoneOptions(current: string, zones: readonly string[] = Intl.supportedValuesOf('timeZone')): ZoneGroup[] {
  const iana = [...new Set(['UTC', ...zones])]
  const known = new Set([...iana, ...OFFSETS])
  const extra = current && !known.has(current) ? [current] : []
  const choice = (value: string) => ({ label: value, value })
  return [
    { label: 'Time zones', options: [...extra, ...iana].map(choice) },
    { label: 'UTC offsets', options: OFFSETS.map(choice) },
  ]
}
