import type { TextField } from 'payload'
import { hashSecret, isHashedSecret } from '../secrets.js'

/**
 * A write-only secret (event password): hashed before it is stored, never readable through any API.
 * An empty string clears it; leaving it out of an update keeps the stored hash.
 */
export function secretField(overrides: Partial<TextField> & { name: string }): TextField {
  return {
    type: 'text',
    access: { read: () => false },
    admin: { description: 'Stored hashed. Type a new value to replace it; save an empty value to remove it.' },
    hooks: {
      beforeChange: [
        ({ value, originalDoc }) => {
          if (value === undefined) return originalDoc?.[overrides.name]
          if (value === null || value === '') return null
          if (isHashedSecret(value)) return value
          return hashSecret(String(value))
        },
      ],
    },
    ...overrides,
  } as TextField
}
