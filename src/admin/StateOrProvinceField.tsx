'use client'
import { TextField, useField, useFormFields } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect, useRef } from 'react'
import { inUnitedStates } from '../../collections/fields/inUnitedStates.js'

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The venue's one "State or province" input (`stateprovince`). Typing in it, or changing the country,
 * also fills the hidden `state` (United States) or `province` (elsewhere), as The Events Calendar's
 * venue form does, so the REST answer carries all three. A venue saved through the APIs with only a
 * state or a province shows that value here.
 */
export const StateOrProvinceField: TextFieldClientComponent = (props) => {
  const { value, setValue, formInitializing } = useField<string>({ potentiallyStalePath: props.path })
  const sibling = (name: string) => props.path.replace(/[^.]+$/, name)
  const state = useField<string>({ path: sibling('state') })
  const province = useField<string>({ path: sibling('province') })
  const country = useFormFields(([fields]) => fields[sibling('country')]?.value)
  const loaded = useRef<{ region: string; country: unknown } | null>(null)

  useEffect(() => {
    if (formInitializing) return
    const region = text(value)
    if (loaded.current === null) {
      const shown = region || text(state.value) || text(province.value)
      loaded.current = { region: shown, country }
      if (shown !== region) setValue(shown, true) // display only: the form stays unmodified
      return
    }
    // Only the editor's own changes move the value: opening a venue saves nothing.
    if (region === loaded.current.region && country === loaded.current.country) return
    const us = inUnitedStates(country)
    if (text(state.value) !== (us ? region : '')) state.setValue(us ? region : '')
    if (text(province.value) !== (us ? '' : region)) province.setValue(us ? '' : region)
    // Runs when the region, the country or the form's loading changes; the sibling fields are written, not read.
  }, [formInitializing, value, country])

  return <TextField {...props} />
}
