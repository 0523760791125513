'use client'
import { useField } from '@payloadcms/ui'
import type { Validate } from 'payload'
import { useCallback } from 'react'

/**
 * useField for a custom field component that keeps the field's own `validate` (the collection's
 * rule, e.g. the time zone or date order), with `required` passed along as Payload's fields do.
 */
export function useValidatedField<T>(pathFromProps: string | undefined, validate: unknown, required: boolean | undefined) {
  const memoizedValidate = useCallback(
    (value: unknown, options: Parameters<Validate>[1]) => (typeof validate === 'function' ? validate(value as never, { ...options, required } as never) : true),
    [validate, required],
  )
  return useField<T>({ potentiallyStalePath: pathFromProps, validate: memoizedValidate as Validate })
}
