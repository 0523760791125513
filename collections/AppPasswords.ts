import type { CollectionConfig } from 'payload'
import { isAdministratorField } from './access/isAdministrator.js'
import { appPasswordsNeedSignIn } from './auth/integrationCredentials.js'
import { selfOrAdministratorOwner } from './access/selfOrAdministratorOwner.js'
import { signedIn } from './access/signedIn.js'
import { generateAppPassword, revealAppPassword } from './hooks/generateAppPassword.js'
import { APP_PASSWORDS, USERS } from './slugs.js'

const never = () => false

/**
 * Application passwords (WordPress-style): per user, named, stored hashed, revocable by deleting.
 * The password is generated on create and shown once, in that create's response (the CLI prints it,
 * the admin's "New application password" drawer displays it); afterwards only `hash` exists, and no API
 * returns it. As in WordPress, every signed-in user creates, lists and revokes their own (in the admin,
 * over /api and GraphQL), always for themselves; administrators manage everyone's. Only a signed-in
 * person does: under an application password (or API key) they are listed, never created or revoked.
 */
export const AppPasswords: CollectionConfig = {
  slug: APP_PASSWORDS,
  labels: { singular: 'Application password', plural: 'Application passwords' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'user', 'lastUsedAt', 'createdAt'],
    description: 'HTTP Basic credentials for scripts and apps: curl -u username:"application password" …',
    components: { beforeListTable: ['/admin/appPasswords/NewAppPassword.tsx#NewAppPassword'] },
  },
  access: {
    read: selfOrAdministratorOwner,
    create: signedIn,
    update: never,
    delete: selfOrAdministratorOwner,
  },
  hooks: { beforeOperation: [appPasswordsNeedSignIn], beforeChange: [generateAppPassword], afterChange: [revealAppPassword] },
  fields: [
    { name: 'name', type: 'text', required: true, admin: { description: 'What uses it, e.g. "Website" or "Import script".' } },
    {
      name: 'user',
      type: 'relationship',
      relationTo: USERS,
      required: true,
      index: true,
      // Only an administrator names the owner; anyone else's value is dropped for the default, themselves.
      defaultValue: ({ user }) => user?.id,
      access: { create: isAdministratorField, update: never },
    },
    // Set only by generateAppPassword; hidden from every API and admin screen. The read rule also keeps
    // GraphQL from typing it non-null (it would answer an error instead of null).
    // Optional in the generated types: no read returns it and no caller gives it.
    { name: 'hash', type: 'text', required: true, hidden: true, access: { read: never, create: never, update: never }, typescriptSchema: [({ jsonSchema }) => ({ ...jsonSchema, required: false })] },
    {
      name: 'password',
      type: 'text',
      virtual: true,
      access: { create: never, update: never },
      hooks: { afterRead: [() => undefined] },
      admin: { readOnly: true, components: { Field: '/admin/appPasswords/AppPasswordField.tsx#AppPasswordField' } },
    },
    { name: 'lastUsedAt', label: 'Last used', type: 'date', access: { create: never, update: never }, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
