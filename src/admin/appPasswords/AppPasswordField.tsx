'use client'
import { useDocumentDrawerContext, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { RevealedPassword } from './RevealedPassword.js'

const storageKey = (id: unknown) => `app-password-reveal:${String(id)}`

/**
 * The virtual `password` field of an application password in the edit view. Creating one on the full
 * page redirects to the new document right after saving, which reloads it without the password; the
 * save's answer is kept in this tab's sessionStorage across that redirect, shown once, then removed.
 * In a drawer (the list's "New application password") there is no redirect and the list shows it.
 */
export function AppPasswordField() {
  const { id, data } = useDocumentInfo()
  const { drawerSlug } = useDocumentDrawerContext()
  const [revealed, setRevealed] = useState<{ name?: string; password: string } | null>(null)
  const fresh = (data as { password?: unknown } | undefined)?.password
  const freshId = (data as { id?: unknown } | undefined)?.id

  useEffect(() => {
    if (typeof fresh !== 'string' || freshId === undefined) return
    const shown = { name: (data as { name?: string }).name, password: fresh }
    setRevealed(shown)
    if (!drawerSlug) window.sessionStorage.setItem(storageKey(freshId), JSON.stringify(shown))
  }, [fresh, freshId, data, drawerSlug])

  useEffect(() => {
    if (id === undefined || id === null || drawerSlug) return
    const kept = window.sessionStorage.getItem(storageKey(id))
    if (!kept) return
    window.sessionStorage.removeItem(storageKey(id))
    setRevealed(JSON.parse(kept) as { name?: string; password: string })
  }, [id, drawerSlug])

  if (revealed) return <RevealedPassword name={revealed.name} password={revealed.password} />
  if (id === undefined || id === null) {
    return <p className="field-description">The password is generated when you save, and shown once.</p>
  }
  return <p className="field-description">Password: stored hashed, cannot be shown again. Delete this entry to revoke it.</p>
}
