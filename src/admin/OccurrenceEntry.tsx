'use client'
import { useRouter } from 'next/navigation.js'
import { type ReactNode, useRef, useState } from 'react'
import type { EntryRepeat } from './monthGrid.js'
import { type OccurrenceValues, type Scope, occurrenceChanges, occurrenceUrl } from './occurrenceChanges.js'

export interface OccurrenceEntryProps {
  /** The entry's label as the calendar shows it (time, zone, title, marks). */
  children: ReactNode
  hover: string
  title: string
  allDay: boolean
  repeat: EntryRepeat
  /** Namespace root (`/wp-json/calendar/events/v1`): the occurrence is written under its provisional ID. */
  namespace: string
  /** Edit pages: the series', and the changed occurrence's own. */
  seriesHref: string
  ownHref?: string
  /** Whether the user may change the series (and so its occurrences). */
  canEdit: boolean
}

/** The error envelope's message ({code, message}), else the status. */
async function failure(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null
  return typeof body?.message === 'string' && body.message ? body.message : `The server answered ${res.status}.`
}

/**
 * An occurrence of a repeating event in the calendar: opening it asks what to change, as calendar apps
 * do. *This occurrence* and *This and following* send the form's changes to the namespace
 * (`PATCH /events/<provisional id>?scope=this|following`: the occurrence becomes an event of its own,
 * or the series splits there); *All events* opens the series' edit page; *Cancel this occurrence*
 * deletes the occurrence (the series stays). Times are wall clocks in the event's zone.
 */
export function OccurrenceEntry({ children, hover, title, allDay, repeat, namespace, seriesHref, ownHref, canEdit }: OccurrenceEntryProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const router = useRouter()
  const initial: OccurrenceValues = { title, start: repeat.startInput, end: repeat.endInput }
  const [values, setValues] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [confirmCancel, setConfirmCancel] = useState(false)
  const id = `occurrence-${repeat.provisionalId}`

  const open = () => {
    setValues(initial)
    setError('')
    setConfirmCancel(false)
    dialog.current?.showModal()
  }
  const send = async (method: 'PATCH' | 'DELETE', scope?: Scope, body?: unknown) => {
    setBusy(true)
    setError('')
    try {
      const res = await fetch(occurrenceUrl(namespace, repeat.provisionalId, scope), {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!res.ok) {
        setError(await failure(res))
        return
      }
      dialog.current?.close()
      router.refresh()
    } catch (e) {
      setError(`The server could not be reached: ${(e as Error).message}`)
    } finally {
      setBusy(false)
    }
  }
  const save = (scope: Scope) => {
    const changes = occurrenceChanges(initial, values, allDay)
    if ('error' in changes) setError(changes.error)
    else void send('PATCH', scope, changes.patch)
  }
  const field = (name: keyof OccurrenceValues, label: string, type: string) => (
    <label className="occurrence-dialog__field">
      <span>{label}</span>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        value={values[name]}
        disabled={!canEdit || busy}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
    </label>
  )

  return (
    <>
      <button type="button" className="event-calendar__open" title={hover} onClick={open} aria-haspopup="dialog" data-provisional-id={repeat.provisionalId}>
        {children}
      </button>
      <dialog ref={dialog} className="occurrence-dialog" aria-labelledby={`${id}-title`} data-testid="occurrence-dialog">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="occurrence-dialog__when">
          {repeat.when} ({repeat.zone}) · {repeat.changed ? 'a changed occurrence of a repeating event' : 'an occurrence of a repeating event'}
        </p>
        {canEdit ? (
          <>
            {field('title', 'Title', 'text')}
            {field('start', `Starts (${repeat.zone})`, allDay ? 'date' : 'datetime-local')}
            {field('end', `Ends (${repeat.zone})`, allDay ? 'date' : 'datetime-local')}
            {error && (
              <p className="occurrence-dialog__error" role="alert">
                {error}
              </p>
            )}
            <div className="occurrence-dialog__actions">
              <button type="button" disabled={busy} onClick={() => save('this')}>
                Change this occurrence
              </button>
              <button type="button" disabled={busy} onClick={() => save('following')}>
                Change this and following
              </button>
              <a href={seriesHref}>Edit all events</a>
              {ownHref && <a href={ownHref}>Open this occurrence</a>}
            </div>
            <div className="occurrence-dialog__actions">
              {confirmCancel ? (
                <button type="button" className="occurrence-dialog__danger" disabled={busy} onClick={() => void send('DELETE')}>
                  Yes, cancel this occurrence
                </button>
              ) : (
                <button type="button" className="occurrence-dialog__danger" disabled={busy} onClick={() => setConfirmCancel(true)}>
                  Cancel this occurrence…
                </button>
              )}
              <button type="button" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
          </>
        ) : (
          <div className="occurrence-dialog__actions">
            <a href={seriesHref}>Open the repeating event</a>
            <button type="button" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        )}
      </dialog>
    </>
  )
}
