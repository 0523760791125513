'use client'
import { FieldDescription, FieldError, FieldLabel, RenderCustomComponent, fieldBaseClass, useConfig, useFormFields, withCondition } from '@payloadcms/ui'
import type { JSONFieldClientProps } from 'payload'
import { DateTime } from 'luxon'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { eventZone } from './eventZone.js'
import {
  POSITION_NAMES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type Frequency,
  type RecurrenceForm,
  type SeriesContext,
  type Weekday,
  defaultForm,
  describeForm,
  formToLines,
  linesOfValue,
  linesToForm,
  wallOfText,
} from './recurrenceLines.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { useValidatedField } from './useValidatedField.js'
import './calendarAdmin.css'

interface PreviewOccurrence {
  start: string
  end: string
  startLocal: string
  endLocal: string
}

type Preview =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ok'; occurrences: PreviewOccurrence[]; reasons?: string[]; timezone: string }
  | { state: 'failed'; message: string }

const PREVIEW_SIZE = 8
const FREQUENCIES: Array<[Frequency, string]> = [
  ['none', 'Does not repeat'],
  ['DAILY', 'Daily'],
  ['WEEKLY', 'Weekly'],
  ['MONTHLY', 'Monthly'],
  ['YEARLY', 'Yearly'],
]
const UNITS: Record<Exclude<Frequency, 'none'>, string> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** "Tue 9 Mar 2027" of a `YYYY-MM-DD…` wall clock. */
function dayLabel(local: string): string {
  const d = new Date(wallOfText(local.slice(0, 10)))
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** An occurrence as the event's wall clocks: "Tue 9 Mar 2027, 19:00–21:00", or days when all day. */
function occurrenceLabel(o: PreviewOccurrence, allDay: boolean): string {
  const startDay = o.startLocal.slice(0, 10)
  const endDay = o.endLocal.slice(0, 10)
  if (allDay) return startDay === endDay ? dayLabel(startDay) : `${dayLabel(startDay)} – ${dayLabel(endDay)}`
  const time = (local: string) => local.slice(11, 16)
  return startDay === endDay ? `${dayLabel(startDay)}, ${time(o.startLocal)}–${time(o.endLocal)}` : `${dayLabel(startDay)}, ${time(o.startLocal)} – ${dayLabel(endDay)}, ${time(o.endLocal)}`
}

/** A list of dates with a remove button each, and an input to add one. */
function DateList(props: { id: string; legend: string; dates: string[]; inputType: 'date' | 'datetime-local'; locked: boolean; onChange: (dates: string[]) => void; format: (date: string) => string }) {
  const { id, legend, dates, inputType, locked, onChange, format } = props
  const [draft, setDraft] = useState('')
  const add = () => {
    if (!Number.isFinite(wallOfText(draft))) return
    onChange([...dates, draft])
    setDraft('')
  }
  return (
    <fieldset className="recurrence-field__group" id={id}>
      <legend>{legend}</legend>
      {dates.length > 0 && (
        <ul className="recurrence-field__dates">
          {dates.map((date) => (
            <li key={date}>
              <span>{format(date)}</span>{' '}
              <button type="button" className="recurrence-field__remove" disabled={locked} aria-label={`Remove ${format(date)}`} onClick={() => onChange(dates.filter((d) => d !== date))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="recurrence-field__inline">
        <input
          id={`${id}-input`}
          type={inputType}
          aria-label={`${legend}: date to add`}
          value={draft}
          disabled={locked}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
        <button type="button" id={`${id}-add`} disabled={locked || !draft} onClick={add}>
          Add
        </button>
      </div>
    </fieldset>
  )
}

/**
 * An event's `recurrence` (RFC 5545 lines) edited as calendar apps do: does not repeat, daily, weekly
 * on chosen days, monthly on a day or on the nth weekday, yearly; every N; ends never, on a date or
 * after N times; extra and excluded dates; and the raw lines, editable, for what the form does not
 * offer. Dates are wall clocks in the event's zone (recurrenceLines.ts turns the form into lines and
 * back). Below, the next occurrences as the server expands them (POST /api/events/recurrence-preview),
 * in the event's zone whatever the browser's, or the reasons the lines would be refused.
 */
function RecurrenceFieldComponent({ field, path: pathFromProps, readOnly, validate }: JSONFieldClientProps) {
  const { admin: { className, description } = {}, label, localized, required } = field
  const { config } = useConfig()
  const siteZone = siteTimezoneOf(config)
  const {
    customComponents: { AfterInput, BeforeInput, Description, Error, Label } = {},
    disabled,
    path,
    setValue,
    showError,
    value,
  } = useValidatedField<unknown>(pathFromProps, validate, required)
  const { startDate, endDate, timezone, allDay } = useFormFields(([fields]) => ({
    startDate: typeof fields.startDate?.value === 'string' ? fields.startDate.value : null,
    endDate: typeof fields.endDate?.value === 'string' ? fields.endDate.value : null,
    timezone: fields.timezone?.value,
    allDay: fields.allDay?.value === true,
  }))
  const zone = eventZone(timezone, siteZone)
  const ctx: SeriesContext = useMemo(() => ({ zone: zone.zone, allDay, start: startDate }), [zone.zone, allDay, startDate])
  const locked = Boolean(readOnly || disabled)

  const lines = useMemo(() => linesOfValue(value), [value])
  const linesKey = JSON.stringify(lines)
  const parsed = useMemo(() => (lines ? linesToForm(lines, ctx) : { ok: false as const, reason: 'the value is not a list of lines' }), [lines, ctx])
  const form = parsed.ok ? parsed.form : null

  const write = useCallback((next: string[]) => setValue(next.length ? next : null), [setValue])
  const change = useCallback(
    (patch: Partial<RecurrenceForm>) => {
      if (locked) return
      // A custom rule is replaced by the form's from its defaults, as a calendar app's "Custom…" does.
      const base = form ?? defaultForm(ctx)
      write(formToLines({ ...base, ...patch }, ctx))
    },
    [locked, form, ctx, write],
  )

  // The raw lines as typed; re-read from the value when it changes elsewhere (the form, a reload).
  const [text, setText] = useState(() => (lines ? lines.join('\n') : JSON.stringify(value)))
  useEffect(() => {
    setText((typed) => {
      const typedLines = linesOfValue(typed)
      return JSON.stringify(typedLines) === linesKey ? typed : lines ? lines.join('\n') : JSON.stringify(value ?? null)
    })
    // linesKey stands for `lines` (and `value`): re-read only when the lines change.
  }, [linesKey])

  // The raw lines are shown open while the form cannot show them; otherwise as the editor toggles them.
  const custom = !form && lines?.length !== 0
  const [advancedOpen, setAdvancedOpen] = useState(custom)
  useEffect(() => {
    if (custom) setAdvancedOpen(true)
  }, [custom])

  const preview = usePreview(config.routes.api, lines, startDate, endDate, typeof timezone === 'string' ? timezone : '', allDay)
  const repeats = form ? form.frequency !== 'none' : Boolean(lines?.length)
  const startLocalTime = useMemo(() => {
    const ms = startDate ? Date.parse(startDate) : Number.NaN
    if (!Number.isFinite(ms)) return null
    // Through luxon: Intl refuses WordPress's manual offsets ("UTC+2"), which events imported from TEC carry.
    return DateTime.fromMillis(ms, { zone: zone.zone }).toFormat('HH:mm')
  }, [startDate, zone.zone])

  const id = (part: string) => `recurrence-${part}`
  const showDateTime = (d: string) => (allDay ? dayLabel(d) : `${dayLabel(d)}, ${d.slice(11, 16)}`)

  let controls: ReactNode = null
  if (form) {
    const freq = form.frequency
    controls = (
      <>
        {freq !== 'none' && (
          <div className="recurrence-field__inline">
            <label htmlFor={id('interval')}>Every</label>
            <input
              id={id('interval')}
              type="number"
              min={1}
              max={999}
              value={form.interval}
              disabled={locked}
              onChange={(e) => Number(e.target.value) >= 1 && change({ interval: Math.trunc(Number(e.target.value)) })}
            />
            <span>{`${UNITS[freq]}${form.interval > 1 ? 's' : ''}`}</span>
          </div>
        )}
        {freq === 'WEEKLY' && (
          <fieldset className="recurrence-field__group" id={id('weekdays')}>
            <legend>On</legend>
            <div className="recurrence-field__inline">
              {WEEKDAYS.map((day) => {
                const checked = form.weekdays.includes(day)
                return (
                  <label key={day} className="recurrence-field__day">
                    <input
                      type="checkbox"
                      name={id('weekday')}
                      value={day}
                      aria-label={WEEKDAY_NAMES[day]}
                      checked={checked}
                      // The last day stays: a weekly rule repeats on at least one.
                      disabled={locked || (checked && form.weekdays.length === 1)}
                      onChange={() => change({ weekdays: checked ? form.weekdays.filter((d) => d !== day) : [...form.weekdays, day] })}
                    />
                    {WEEKDAY_NAMES[day].slice(0, 3)}
                  </label>
                )
              })}
            </div>
          </fieldset>
        )}
        {freq === 'MONTHLY' && (
          <fieldset className="recurrence-field__group" id={id('monthly')}>
            <legend>Monthly on</legend>
            <div className="recurrence-field__inline">
              <input type="radio" id={id('monthly-day')} name={id('monthly')} checked={form.monthly === 'day'} disabled={locked} onChange={() => change({ monthly: 'day' })} />
              <label htmlFor={id('monthly-day')}>day</label>
              <input
                id={id('month-day')}
                type="number"
                min={1}
                max={31}
                aria-label="Day of the month"
                value={form.monthDay}
                disabled={locked || form.monthly !== 'day'}
                onChange={(e) => {
                  const n = Math.trunc(Number(e.target.value))
                  if (n >= 1 && n <= 31) change({ monthDay: n })
                }}
              />
            </div>
            <div className="recurrence-field__inline">
              <input type="radio" id={id('monthly-weekday')} name={id('monthly')} checked={form.monthly === 'weekday'} disabled={locked} onChange={() => change({ monthly: 'weekday' })} />
              <label htmlFor={id('monthly-weekday')}>the</label>
              <select id={id('position')} aria-label="Which week of the month" value={form.position} disabled={locked || form.monthly !== 'weekday'} onChange={(e) => change({ position: Number(e.target.value) })}>
                {['1', '2', '3', '4', '-1'].map((p) => (
                  <option key={p} value={p}>
                    {POSITION_NAMES[p]}
                  </option>
                ))}
              </select>
              <select id={id('position-weekday')} aria-label="Weekday" value={form.weekday} disabled={locked || form.monthly !== 'weekday'} onChange={(e) => change({ weekday: e.target.value as Weekday })}>
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {WEEKDAY_NAMES[day]}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        )}
        {freq !== 'none' && (
          <fieldset className="recurrence-field__group" id={id('ends')}>
            <legend>Ends</legend>
            <div className="recurrence-field__inline">
              <input type="radio" id={id('ends-never')} name={id('ends')} checked={form.ends === 'never'} disabled={locked} onChange={() => change({ ends: 'never' })} />
              <label htmlFor={id('ends-never')}>Never</label>
            </div>
            <div className="recurrence-field__inline">
              <input type="radio" id={id('ends-on')} name={id('ends')} checked={form.ends === 'on'} disabled={locked} onChange={() => change({ ends: 'on' })} />
              <label htmlFor={id('ends-on')}>On</label>
              <input
                id={id('until')}
                type="date"
                aria-label="Last day"
                value={form.until}
                disabled={locked || form.ends !== 'on'}
                onChange={(e) => Number.isFinite(wallOfText(e.target.value)) && change({ until: e.target.value })}
              />
            </div>
            <div className="recurrence-field__inline">
              <input type="radio" id={id('ends-after')} name={id('ends')} checked={form.ends === 'after'} disabled={locked} onChange={() => change({ ends: 'after' })} />
              <label htmlFor={id('ends-after')}>After</label>
              <input
                id={id('count')}
                type="number"
                min={1}
                max={999}
                aria-label="Number of occurrences"
                value={form.count}
                disabled={locked || form.ends !== 'after'}
                onChange={(e) => Number(e.target.value) >= 1 && change({ count: Math.trunc(Number(e.target.value)) })}
              />
              <span>{form.count === 1 ? 'time' : 'times'}</span>
            </div>
          </fieldset>
        )}
        <DateList
          id={id('extra')}
          legend={allDay ? 'Extra days' : 'Extra dates'}
          dates={form.extraDates}
          inputType={allDay ? 'date' : 'datetime-local'}
          locked={locked}
          format={showDateTime}
          onChange={(extraDates) => change({ extraDates })}
        />
        {repeats && (
          <DateList
            id={id('excluded')}
            legend={allDay ? 'Excluded days' : `Excluded dates${startLocalTime ? ` (the ${startLocalTime} occurrence)` : ''}`}
            dates={form.excludedDates}
            inputType="date"
            locked={locked}
            format={dayLabel}
            onChange={(excludedDates) => change({ excludedDates })}
          />
        )}
      </>
    )
  }

  const zoneLabel = preview.state === 'ok' ? preview.timezone : zone.zone
  return (
    <div className={[fieldBaseClass, 'recurrence-field', className, showError && 'error', locked && 'read-only'].filter(Boolean).join(' ')} id={`field-${path.replace(/\./g, '__')}`}>
      <RenderCustomComponent CustomComponent={Label} Fallback={<FieldLabel htmlFor={id('frequency')} label={label} localized={localized} path={path} required={required} />} />
      <RenderCustomComponent CustomComponent={Error} Fallback={<FieldError path={path} showError={showError} />} />
      {BeforeInput}
      <div className="recurrence-field__inline">
        <select
          id={id('frequency')}
          value={form ? form.frequency : ''}
          disabled={locked}
          onChange={(e) => {
            const frequency = e.target.value as Frequency
            if (frequency === 'none') change({ ...(form ?? defaultForm(ctx)), frequency, interval: 1 })
            else change({ frequency })
          }}
        >
          {!form && <option value="">Custom (see the lines below)</option>}
          {FREQUENCIES.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        <span className="recurrence-field__summary" data-testid="recurrence-summary">
          {form ? describeForm(form) : 'Custom rule'}
        </span>
      </div>
      {custom && (
        <p className="recurrence-field__notice" role="note">
          These lines say more than the form offers ({parsed.ok ? '' : parsed.reason}): edit them below, or pick a repeat above to replace them.
        </p>
      )}
      {controls}
      <details className="recurrence-field__advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary>Advanced: the RFC 5545 lines</summary>
        <label htmlFor={id('lines')}>One line each: RRULE, RDATE, EXDATE; dates as wall clocks in {zone.label} (YYYYMMDDTHHMMSS), UNTIL in UTC (…Z)</label>
        <textarea
          id={id('lines')}
          className="recurrence-field__lines"
          rows={Math.max(3, (lines?.length ?? 0) + 1)}
          spellCheck={false}
          value={text}
          disabled={locked}
          onChange={(e) => {
            setText(e.target.value)
            write(linesOfValue(e.target.value) ?? [])
          }}
        />
      </details>
      {repeats && (
        <section className="recurrence-field__preview" aria-live="polite" aria-labelledby={id('preview-title')} data-testid="recurrence-preview">
          <h4 id={id('preview-title')}>Next occurrences ({zoneLabel})</h4>
          {preview.state === 'loading' && <p className="recurrence-field__status">Working them out…</p>}
          {preview.state === 'failed' && <p className="recurrence-field__status recurrence-field__refused">{preview.message}</p>}
          {preview.state === 'ok' && preview.reasons && (
            <div className="recurrence-field__refused" data-testid="recurrence-reasons">
              <p>The server would refuse these lines:</p>
              <ul>
                {preview.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
          {preview.state === 'ok' && !preview.reasons && preview.occurrences.length === 0 && <p className="recurrence-field__status">No occurrences from now on.</p>}
          {preview.state === 'ok' && preview.occurrences.length > 0 && (
            <ol className="recurrence-field__occurrences">
              {preview.occurrences.map((o) => {
                const day = o.startLocal.slice(0, 10)
                // An occurrence at the start's time of day can be left out with one click.
                const skippable = Boolean(form) && !locked && o.start !== (startDate && new Date(startDate).toISOString()) && (allDay || o.startLocal.slice(11, 16) === startLocalTime)
                return (
                  <li key={o.start}>
                    <span className="recurrence-field__occurrence">{occurrenceLabel(o, allDay)}</span>
                    {skippable && form && !form.excludedDates.includes(day) && (
                      <button type="button" className="recurrence-field__skip" aria-label={`Skip ${dayLabel(day)}`} onClick={() => change({ excludedDates: [...form.excludedDates, day] })}>
                        Skip
                      </button>
                    )}
                  </li>
                )
              })}
            </ol>
          )}
        </section>
      )}
      {AfterInput}
      <RenderCustomComponent CustomComponent={Description} Fallback={<FieldDescription description={description} path={path} />} />
    </div>
  )
}

/** The server's expansion of the lines as the form holds them, re-asked (debounced) on every change. */
function usePreview(api: string, lines: string[] | null, startDate: string | null, endDate: string | null, timezone: string, allDay: boolean): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'idle' })
  const body = lines?.length && startDate && endDate ? JSON.stringify({ recurrence: lines, startDate, endDate, timezone, allDay, limit: PREVIEW_SIZE }) : null
  useEffect(() => {
    if (!body) return setPreview({ state: 'idle' })
    const controller = new AbortController()
    setPreview((p) => (p.state === 'ok' ? p : { state: 'loading' }))
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`${api}/events/recurrence-preview`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body, signal: controller.signal })
        const json = (await res.json().catch(() => null)) as { occurrences?: PreviewOccurrence[]; reasons?: string[]; timezone?: string; errors?: Array<{ message?: string }> } | null
        if (controller.signal.aborted) return
        if (!res.ok || !json?.occurrences) setPreview({ state: 'failed', message: `No preview: ${json?.errors?.[0]?.message ?? `the server answered ${res.status}`}` })
        else setPreview({ state: 'ok', occurrences: json.occurrences, timezone: json.timezone ?? timezone, ...(json.reasons?.length ? { reasons: json.reasons } : {}) })
      } catch (error) {
        if (!controller.signal.aborted) setPreview({ state: 'failed', message: `No preview: ${error instanceof Error ? error.message : 'the server did not answer'}` })
      }
    }, 300)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [api, body, timezone])
  return preview
}

export const RecurrenceField = withCondition(RecurrenceFieldComponent)
