'use client'
import { Button, useDocumentDrawer } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { RevealedPassword } from './RevealedPassword.js'

/**
 * Above the application-password list, for every signed-in user: "New application password" opens
 * Payload's create form in a drawer (a name, and for administrators a user; anyone else's is their
 * own); the generated password arrives in that save's response only, and is shown here once.
 */
export function NewAppPassword() {
  const router = useRouter()
  const [DocumentDrawer, , { openDrawer, closeDrawer }] = useDocumentDrawer({ collectionSlug: 'app-passwords' })
  const [created, setCreated] = useState<{ name?: string; password: string } | null>(null)
  // Once the drawer has closed, reload the list below so the new entry shows.
  useEffect(() => {
    if (created) router.refresh()
  }, [created, router])
  return (
    <div className="app-password-new" style={{ marginBottom: 'var(--base)' }}>
      {created ? <RevealedPassword name={created.name} password={created.password} onDone={() => setCreated(null)} /> : null}
      <Button buttonStyle="primary" size="medium" onClick={openDrawer}>
        New application password
      </Button>
      <DocumentDrawer
        // Stay on the list: the password is shown here, and a new page would load the entry without it.
        redirectAfterCreate={false}
        onSave={({ doc }) => {
          const password = (doc as { password?: unknown }).password
          if (typeof password === 'string') setCreated({ name: (doc as { name?: string }).name, password })
          closeDrawer()
        }}
      />
    </div>
  )
}
