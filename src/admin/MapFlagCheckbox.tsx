'use client'
import { CheckboxInput, FieldDescription, useEditDepth, useField, useForm } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { venueFlag } from '../../collections/fields/venueMapFlag.js'

/**
 * A venue map flag as a checkbox: the stored value stays the reference's string ("true"/"false"),
 * read with the serializer's rule (unset means shown), so the box shows what the REST API answers.
 */
export const MapFlagCheckbox: TextFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { uuid } = useForm()
  const editDepth = useEditDepth()
  const { value, setValue, disabled, path } = useField<string>({ potentiallyStalePath: pathFromProps })
  const checked = venueFlag(value)
  const locked = Boolean(readOnly || disabled)
  // The id Payload's own fields get (generateFieldID), so labels and tests find it the usual way.
  const id = `field-${path.replace(/\./g, '__')}${editDepth > 1 ? `-${editDepth}` : ''}${uuid ? `-${uuid}` : ''}`
  return (
    <div className={['field-type', 'checkbox', checked && 'checkbox--checked', locked && 'checkbox--read-only'].filter(Boolean).join(' ')}>
      <CheckboxInput
        checked={checked}
        id={id}
        label={field.label}
        name={path}
        readOnly={locked}
        onToggle={() => {
          if (!locked) setValue(checked ? 'false' : 'true')
        }}
      />
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
