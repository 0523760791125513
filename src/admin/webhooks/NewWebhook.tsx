'use client'
import { Banner, Button, useDocumentDrawer } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

/**
 * Above the webhook list: "New webhook" opens Payload's create form in a drawer; the signing secret
 * arrives in that save's response only, and is shown here once (a create on its own page would move on
 * to the edit view, which cannot show it).
 */
export function NewWebhook() {
  const router = useRouter()
  const [DocumentDrawer, , { openDrawer, closeDrawer }] = useDocumentDrawer({ collectionSlug: 'webhooks' })
  const [created, setCreated] = useState<{ url?: string; secret: string } | null>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (created) router.refresh()
  }, [created, router])
  return (
    <div className="webhook-new" style={{ marginBottom: 'var(--base)' }}>
      {created ? (
        <Banner type="success">
          <div data-testid="webhook-secret-revealed">
            <p>
              Signing secret of the webhook for {created.url}. Copy it into the receiver now: it is stored encrypted and will not be
              shown again.
            </p>
            <p>
              <code style={{ fontSize: '1.1em', userSelect: 'all' }}>{created.secret}</code>
            </p>
            <Button buttonStyle="secondary" size="small" onClick={() => void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true))}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button buttonStyle="secondary" size="small" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </Banner>
      ) : null}
      <Button buttonStyle="primary" size="medium" onClick={openDrawer}>
        New webhook
      </Button>
      <DocumentDrawer
        redirectAfterCreate={false}
        onSave={({ doc }) => {
          const secret = (doc as { secret?: unknown }).secret
          if (typeof secret === 'string') setCreated({ url: (doc as { url?: string }).url, secret })
          setCopied(false)
          closeDrawer()
        }}
      />
    </div>
  )
}
