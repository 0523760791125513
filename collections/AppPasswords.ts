import type { CollectionConfig } from 'payload'
import { isAdministrator } from './access/isAdministrator.js'
import { selfOrAdministratorOwner } from './access/selfOrAdministratorOwner.js'
import { APP_PASSWORDS, USERS } from './slugs.js'

/**
 * Application passwords (WordPress-style): per user, named, stored hashed, revocable by deleting.
 * The plain value is shown once, when the CLI or the admin creates it.
 */
export const AppPasswords: CollectionConfig = {
  slug: APP_PASSWORDS,
  labels: { singular: 'Application password', plural: 'Application passwords' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'user', 'lastUsedAt', 'createdAt'], hidden: ({ user }) => user?.role !== 'administrator' },
  access: {
    read: selfOrAdministratorOwner,
    create: isAdministrator,
    update: () => false,
    delete: selfOrAdministratorOwner,
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'user', type: 'relationship', relationTo: USERS, required: true, index: true },
    { name: 'hash', type: 'text', required: true, access: { read: () => false, update: () => false }, admin: { hidden: true } },
    { name: 'lastUsedAt', type: 'date', admin: { readOnly: true } },
  ],
}
