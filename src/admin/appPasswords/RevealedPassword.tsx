'use client'
import { Banner, Button } from '@payloadcms/ui'
import { useState } from 'react'

/** The one display of a new application password, with a copy button. */
export function RevealedPassword({ name, password, onDone }: { name?: string; password: string; onDone?: () => void }) {
  const [copied, setCopied] = useState(false)
  return (
    <Banner type="success">
      <div data-testid="app-password-revealed">
        <p>
          New application password{name ? <> for &ldquo;{name}&rdquo;</> : null}. Copy it now: only a hash is kept, and it
          will not be shown again.
        </p>
        <p>
          <code style={{ fontSize: '1.25em', userSelect: 'all' }}>{password}</code>
        </p>
        <p>
          Use it with HTTP Basic and the account&rsquo;s username, e.g. <code>curl -u username:&quot;{password}&quot; …</code>
        </p>
        <Button
          buttonStyle="secondary"
          size="small"
          onClick={() => {
            void navigator.clipboard?.writeText(password).then(() => setCopied(true))
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        {onDone ? (
          <Button buttonStyle="secondary" size="small" onClick={onDone}>
            Done
          </Button>
        ) : null}
      </div>
    </Banner>
  )
}
