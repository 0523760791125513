'use client'
import { SelectField, useAuth, useField } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'
import { useEffect, useMemo } from 'react'
import { UNPUBLISHED_STATUSES } from '../../collections/access/postAccess.js'
import { canPublishPosts } from '../../collections/access/postAccess.js'

const ALLOWED: readonly string[] = UNPUBLISHED_STATUSES

/**
 * The post status select, role-aware: users without publish_posts (contributors) are offered only
 * the statuses they may keep their posts in (draft, pending), and a new post of theirs starts as a
 * draft rather than the default publish, as it does over the API (reference 6.5). A convenience only: the scaleBackStatus hook is the rule
 * (reference 6.5), so API clients see no difference.
 */
export const StatusSelectField: SelectFieldClientComponent = (props) => {
  const { user } = useAuth()
  const { value, setValue, formInitializing } = useField<string>({ potentiallyStalePath: props.path })
  const restricted = !props.readOnly && !canPublishPosts(user)

  const options = useMemo(
    () =>
      restricted
        ? props.field.options.filter((option) => ALLOWED.includes(typeof option === 'string' ? option : option.value))
        : props.field.options,
    [restricted, props.field.options],
  )

  // After the form has loaded its initial state (which would overwrite an earlier change).
  useEffect(() => {
    if (!formInitializing && restricted && typeof value === 'string' && !ALLOWED.includes(value)) setValue('draft', true)
  }, [formInitializing, restricted, value, setValue])

  return <SelectField {...props} field={{ ...props.field, options }} />
}
