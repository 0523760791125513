import type { AfterErrorHook } from 'payload'

/**
 * Root afterError hook: keeps the field errors (`data.errors: [{path, message}]`) of a ValidationError in
 * /api's answer. Payload adds them only when the error is an `instanceof` its own ValidationError; in the
 * production server the operation runs on the server's copy of Payload and the route on the admin
 * build's copy, so the check fails and the answer lost which field was wrong, and why (the admin then
 * showed a toast, never the message next to the field).
 */
export const keepValidationDetails: AfterErrorHook = ({ error, result }) => {
  const { name, data, message } = error as { name?: string; data?: { errors?: unknown[] }; message?: string }
  if (name !== 'ValidationError' || !Array.isArray(data?.errors)) return undefined
  if ((result as { errors?: Array<{ data?: unknown }> } | undefined)?.errors?.[0]?.data) return undefined
  return { response: { errors: [{ name, data, message }] } }
}
