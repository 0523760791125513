'use client'
import {
  FieldDescription,
  FieldError,
  FieldLabel,
  ReactSelect,
  RenderCustomComponent,
  fieldBaseClass,
  useConfig,
  useForm,
  withCondition,
} from '@payloadcms/ui'
import type { TextFieldClientProps } from 'payload'
import { useCallback, useMemo } from 'react'
import { reanchor } from '../../lib/dates/eventSchedule.js'
import { eventZone } from './eventZone.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { useValidatedField } from './useValidatedField.js'
import { zoneOptions } from './zoneOptions.js'

/**
 * The event's time zone, picked from the IANA list (searchable) or WordPress's manual offsets; the
 * value stays the text the `timezone` field has always stored. Empty means the site's zone.
 * Changing the zone keeps the wall-clock times of Start and End (19:00 stays 19:00, now in the new
 * zone), as the calendar namespace does when only the zone of an event is updated.
 */
function TimezoneSelectFieldComponent({ field, path: pathFromProps, readOnly, validate }: TextFieldClientProps) {
  const { admin: { className, description } = {}, label, localized, required } = field
  const { config } = useConfig()
  const siteZone = siteTimezoneOf(config)
  const { getDataByPath, dispatchFields } = useForm()
  const {
    customComponents: { AfterInput, BeforeInput, Description, Error, Label } = {},
    disabled,
    path,
    setValue,
    showError,
    value,
  } = useValidatedField<string>(pathFromProps, validate, required)
  const current = typeof value === 'string' ? value : ''
  const options = useMemo(() => zoneOptions(current), [current])
  const locked = Boolean(readOnly || disabled)

  const onChange = useCallback(
    (option: unknown) => {
      const next = option && typeof option === 'object' && 'value' in option ? String(option.value) : ''
      if (locked || next === current) return
      const before = eventZone(current, siteZone).zone
      const after = eventZone(next, siteZone).zone
      for (const date of ['startDate', 'endDate']) {
        const instant = getDataByPath<string>(date)
        if (typeof instant === 'string' && instant) {
          dispatchFields({ type: 'UPDATE', path: date, value: reanchor(instant, before, after).toUTC().toISO() })
        }
      }
      setValue(next)
    },
    [locked, current, siteZone, getDataByPath, dispatchFields, setValue],
  )

  return (
    <div className={[fieldBaseClass, 'select', 'timezone-select-field', className, showError && 'error', locked && 'read-only'].filter(Boolean).join(' ')}>
      <RenderCustomComponent CustomComponent={Label} Fallback={<FieldLabel label={label} localized={localized} path={path} required={required} />} />
      <div className={`${fieldBaseClass}__wrap`} id={`field-${path.replace(/\./g, '__')}`}>
        <RenderCustomComponent CustomComponent={Error} Fallback={<FieldError path={path} showError={showError} />} />
        {BeforeInput}
        <ReactSelect
          disabled={locked}
          inputId={`field-input-${path}`}
          isClearable={!required}
          onChange={onChange}
          options={options}
          placeholder={`Site time zone (${siteZone})`}
          showError={showError}
          value={current ? { label: current, value: current } : undefined}
        />
        {AfterInput}
      </div>
      <RenderCustomComponent CustomComponent={Description} Fallback={<FieldDescription description={description} path={path} />} />
    </div>
  )
}

export const TimezoneSelectField = withCondition(TimezoneSelectFieldComponent)
