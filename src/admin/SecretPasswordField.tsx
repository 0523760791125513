'use client'
import { Button, FieldDescription, FieldError, FieldLabel, useField, useFormFields, useFormModified } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect } from 'react'
import './secretPasswordField.css'

/**
 * A write-only password (collections/fields/secretFields.ts): a masked input that starts empty,
 * since the stored hash never reaches the browser; words saying whether one is set (the `flag` field);
 * and an explicit Remove button. Left empty, saving keeps the stored password; the field's value ''
 * (only the button sets it) removes it; anything typed replaces it.
 */
export const SecretPasswordField: TextFieldClientComponent = (props) => {
  const { field, path } = props
  const flag = (props as { flag?: string }).flag ?? 'hasPassword'
  const isSet = useFormFields(([fields]) => fields[flag]?.value === true)
  const { value, setValue, showError } = useField<string | null | undefined>({ potentiallyStalePath: path })
  const modified = useFormModified()

  // Once saved (or reset), the form is unmodified again: forget what was typed.
  useEffect(() => {
    if (!modified && value !== undefined && value !== null) setValue(undefined, true)
    // Only a change of `modified` matters here; value and setValue change with every keystroke.
  }, [modified])

  const removing = isSet && value === ''
  const typed = typeof value === 'string' && value !== ''
  const state = removing
    ? 'The password will be removed when you save.'
    : typed
      ? isSet
        ? 'The new password will replace the current one when you save.'
        : 'The event will ask for this password once saved.'
      : isSet
        ? 'This event has a password: readers must enter it to see its details.'
        : 'This event has no password.'
  const id = `field-${path.replace(/\./g, '__')}`

  return (
    <div className={['field-type', 'text', 'secret-password', showError && 'error'].filter(Boolean).join(' ')}>
      <FieldLabel label={field.label} path={path} htmlFor={id} />
      <p className="secret-password__state" data-set={isSet && !removing ? 'true' : 'false'}>
        {state}
      </p>
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError} />
        <div className="secret-password__row">
          <input
            id={id}
            name={path}
            type="password"
            autoComplete="new-password"
            value={typed ? value : ''}
            placeholder={isSet ? 'Type a new password to replace it' : 'Type a password to protect this event'}
            // Emptying the input means "no change", never "remove": that is the button's.
            onChange={(event) => setValue(event.target.value === '' ? undefined : event.target.value)}
          />
          {isSet && !removing ? (
            <Button buttonStyle="secondary" size="small" margin={false} onClick={() => setValue('')}>
              Remove password
            </Button>
          ) : null}
          {removing ? (
            <Button buttonStyle="secondary" size="small" margin={false} onClick={() => setValue(undefined)}>
              Keep password
            </Button>
          ) : null}
        </div>
        <FieldDescription path={path} description="Stored hashed and never shown again, not even to you." />
      </div>
    </div>
  )
}
