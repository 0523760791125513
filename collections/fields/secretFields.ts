import type { Field, TextField } from 'payload'
import { hashSecret } from '../secrets.js'

/**
 * A write-only secret (the event password) as two fields:
 * - `<name>Hash`, hidden: the scrypt hash, never in any API response and not writable directly;
 * - `<name>`, virtual: what editors type (admin, /api, the calendar namespace). A string sets a new
 *   hash, an empty string or null removes it, leaving it out keeps the stored hash.
 */
export function secretFields(input: Omit<TextField, 'type' | 'hasMany'>): Field[] {
  const hashName = `${input.name}Hash`
  return [
    {
      name: hashName,
      type: 'text',
      hidden: true,
      access: { create: () => false, update: () => false },
    },
    {
      ...input,
      type: 'text',
      virtual: true,
      admin: {
        description: 'Stored hashed and never shown again. Type a new value to replace it; clear it to remove it.',
        // Payload shows virtual fields read-only unless told otherwise; this one is for typing into.
        readOnly: false,
        ...input.admin,
      },
      hooks: {
        afterRead: [() => undefined],
        beforeChange: [
          ({ value, siblingData }) => {
            if (value === undefined) return undefined
            siblingData[hashName] = value === null || value === '' ? null : hashSecret(String(value))
            return undefined
          },
        ],
      },
    } as TextField,
  ]
}
