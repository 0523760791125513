'use client'
import {
  DatePicker,
  FieldDescription,
  FieldError,
  FieldLabel,
  RenderCustomComponent,
  fieldBaseClass,
  useConfig,
  useFormFields,
  withCondition,
} from '@payloadcms/ui'
import type { DateFieldClientProps } from 'payload'
import { type ComponentProps, useCallback, useMemo } from 'react'
import { eventZone } from './eventZone.js'
import { fromPickerDate, toPickerDate } from './pickerDate.js'
import { siteTimezoneOf } from './siteTimezoneOf.js'
import { useValidatedField } from './useValidatedField.js'

type Props = DateFieldClientProps & { edge?: 'start' | 'end'; siteZone?: boolean }

/**
 * An event's start or end, typed as wall-clock time in the event's own zone (the form's `timezone`
 * field, else the site's) and stored as the UTC instant. Payload's own date field does the same
 * for a `<name>_tz` sibling; events keep one `timezone` field for both dates, as the wire has it.
 * While the event is all day, the picker offers days only. With `siteZone`, the date is typed in the
 * site's zone whatever the event's, as a post's publication date (WordPress's post_date) is.
 */
function ZonedDateFieldComponent({ field, path: pathFromProps, readOnly, validate, edge = 'start', siteZone: inSiteZone = false }: Props) {
  const { admin: { className, date: pickerProps, description } = {}, label, localized, required } = field
  const { config } = useConfig()
  const siteZone = siteTimezoneOf(config)
  const {
    customComponents: { AfterInput, BeforeInput, Description, Error, Label } = {},
    disabled,
    path,
    setValue,
    showError,
    value,
  } = useValidatedField<string>(pathFromProps, validate, required)
  const { timezone, allDay } = useFormFields(([fields]) =>
    inSiteZone ? { timezone: undefined, allDay: false } : { timezone: fields.timezone?.value, allDay: fields.allDay?.value === true },
  )
  const zone = eventZone(timezone, siteZone)
  const shown = useMemo(() => (value ? toPickerDate(value, zone.zone) : undefined), [value, zone.zone])
  const locked = Boolean(readOnly || disabled)

  const onChange = useCallback(
    (picked: Date | null) => {
      if (!locked) setValue(picked ? fromPickerDate(picked, zone.zone, allDay, edge) : null)
    },
    [locked, setValue, zone.zone, allDay, edge],
  )

  return (
    <div
      className={[fieldBaseClass, 'date-time-field', 'zoned-date-field', className, showError && 'date-time-field--has-error', locked && 'read-only']
        .filter(Boolean)
        .join(' ')}
    >
      <RenderCustomComponent CustomComponent={Label} Fallback={<FieldLabel label={label} localized={localized} path={path} required={required} />} />
      <div className={`${fieldBaseClass}__wrap`} id={`field-${path.replace(/\./g, '__')}`}>
        <RenderCustomComponent CustomComponent={Error} Fallback={<FieldError path={path} showError={showError} />} />
        {BeforeInput}
        <DatePicker
          {...(pickerProps as ComponentProps<typeof DatePicker>)}
          {...(allDay ? { pickerAppearance: 'dayOnly', displayFormat: 'EEE d MMM yyyy' } : {})}
          onChange={onChange}
          readOnly={locked}
          value={shown}
        />
        <span className="zoned-date-field__zone" data-testid={`${path}-zone`}>
          {allDay ? 'All day, ' : ''}
          {zone.label}
        </span>
        {AfterInput}
      </div>
      <RenderCustomComponent CustomComponent={Description} Fallback={<FieldDescription description={description} path={path} />} />
    </div>
  )
}

export const ZonedDateField = withCondition(ZonedDateFieldComponent)
