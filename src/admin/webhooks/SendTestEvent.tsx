'use client'
import { Button, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

/**
 * The webhook edit view's "Send test event" button: queues a signed `webhook.test` delivery
 * (POST /api/webhooks/<id>/test); the delivery log below shows how the receiver answered.
 */
export function SendTestEvent() {
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const router = useRouter()
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false })
  if (!id) return null
  const send = async () => {
    setState({ busy: true })
    try {
      const res = await fetch(`${config.serverURL}${config.routes.api}/webhooks/${id}/test`, { method: 'POST', credentials: 'include' })
      const body = (await res.json().catch(() => ({}))) as { delivery?: { messageId?: string }; errors?: Array<{ message?: string }> }
      setState({ busy: false, message: res.ok ? `Queued ${body.delivery?.messageId ?? ''}: its outcome appears in the delivery log in a few seconds.` : (body.errors?.[0]?.message ?? `Refused (${res.status}).`) })
      // The log below is read with the page: refresh it once the worker has had time to send.
      if (res.ok) setTimeout(() => router.refresh(), 3000)
    } catch {
      setState({ busy: false, message: 'The server could not be reached.' })
    }
  }
  return (
    <div className="field-type webhook-send-test" style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="secondary" size="small" disabled={state.busy} onClick={() => void send()}>
        Send test event
      </Button>
      {state.message ? <p data-testid="webhook-test-result">{state.message}</p> : null}
    </div>
  )
}
