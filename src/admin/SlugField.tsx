'use client'
import { TextField, useDocumentInfo, useField, useFormFields } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect, useRef } from 'react'
import { toSlug } from '../../collections/hooks/toSlug.js'

/**
 * The slug, filled from the source field (title or name) while a new document is being written and
 * the editor has not typed a slug of their own. Saved documents keep theirs, as in WordPress.
 * The ensureUniqueSlug hook still makes it unique (-2, -3…) on save.
 */
export const SlugField: TextFieldClientComponent = (props) => {
  const source = (props as { source?: string }).source ?? 'title'
  const { id } = useDocumentInfo()
  const sourceValue = useFormFields(([fields]) => fields[source]?.value)
  const { value, setValue } = useField<string>({ potentiallyStalePath: props.path })
  const lastFilled = useRef<string>('')

  useEffect(() => {
    if (id !== undefined && id !== null) return
    const current = typeof value === 'string' ? value : ''
    if (current !== lastFilled.current) return // the editor typed their own slug
    const next = toSlug(typeof sourceValue === 'string' ? sourceValue : '')
    lastFilled.current = next
    if (next !== current) setValue(next)
    // Only a change of the source refills; typing in the slug itself must not.
  }, [sourceValue, id])

  return <TextField {...props} />
}
