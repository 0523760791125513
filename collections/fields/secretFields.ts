import type { Field, TextField } from 'payload'
import { hashSecret, isHashedSecret } from '../secrets.js'

const never = () => false

/**
 * A write-only secret (the event password) as three fields:
 * - `<name>Hash`, hidden: the scrypt hash, never in any API response and not writable directly;
 * - `<name>`, virtual: what editors type (admin, /api, the calendar namespace). A string sets a new
 *   hash, an empty string or null removes it, leaving it out keeps the stored hash (a duplicate keeps the
 *   original's);
 * - `has<Name>`, read-only: whether a secret is set, so access rules and lists can tell without the hash.
 */
export function secretFields(input: Omit<TextField, 'type' | 'hasMany'>): Field[] {
  const hashName = `${input.name}Hash`
  const flagName = `has${input.name[0]!.toUpperCase()}${input.name.slice(1)}`
  return [
    { name: hashName, type: 'text', hidden: true, access: { create: never, update: never } },
    {
      ...input,
      type: 'text',
      virtual: true,
      admin: {
        // Payload shows virtual fields read-only unless told otherwise; this one is for typing into.
        readOnly: false,
        // Masked, empty until typed into, with the flag in words and a Remove button.
        components: { Field: { path: '/admin/SecretPasswordField.tsx#SecretPasswordField', clientProps: { flag: flagName } } },
        ...input.admin,
      },
      hooks: {
        afterRead: [() => undefined],
        beforeChange: [
          async ({ value, siblingData, operation, originalDoc }) => {
            // On a create, Payload passes an original only when duplicating: the copy keeps its hash
            // (create access drops the copied value, as it drops any hash a client sends).
            const copied = operation === 'create' ? originalDoc?.[hashName] : undefined
            if (value === undefined && isHashedSecret(copied)) {
              siblingData[hashName] = copied
              siblingData[flagName] = true
            }
            if (value === undefined) return undefined
            const cleared = value === null || value === ''
            siblingData[hashName] = cleared ? null : await hashSecret(String(value))
            siblingData[flagName] = !cleared
            return undefined
          },
        ],
      },
    } as TextField,
    {
      name: flagName,
      label: `${input.label ?? input.name} set`,
      type: 'checkbox',
      defaultValue: false,
      index: true,
      access: { create: never, update: never },
      // In the form state for the password field to read, shown by it in words rather than as a checkbox.
      admin: { readOnly: true, position: input.admin?.position, components: { Field: '@payloadcms/ui#HiddenField' } },
    },
  ]
}
