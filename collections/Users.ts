import type { CollectionConfig } from 'payload'
import { isAdministrator, isAdministratorField } from './access/isAdministrator.js'
import { selfOrAdministrator } from './access/selfOrAdministrator.js'
import { appPasswordStrategy } from './auth/appPasswordStrategy.js'
import { forgotPasswordByEither } from './auth/forgotPasswordByEither.js'
import { credentialChangesNeedSignIn, sessionsNeedSignIn } from './auth/integrationCredentials.js'
import { limitPasswordLogin } from './auth/limitPasswordLogin.js'
import { resetPasswordEmail } from './auth/resetPasswordEmail.js'
import { deleteUserAppPasswords } from './hooks/deleteUserAppPasswords.js'
import { firstUserIsAdministrator } from './hooks/firstUserIsAdministrator.js'
import { passwordResetNeedsEmail } from './hooks/passwordResetNeedsEmail.js'
import { forgotPasswordOutsideTransaction } from './hooks/forgotPasswordOutsideTransaction.js'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { ROLES } from './roles.js'
import { USERS } from './slugs.js'

/** The accounts; password-reset links on `siteUrl`. */
export const Users = ({ siteUrl }: Pick<ResolvedCalendarOptions, 'siteUrl'>): CollectionConfig => ({
  slug: USERS,
  // Only administrators see the users list; everyone keeps their own account page.
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'email', 'role'], hidden: ({ user }) => user?.role !== 'administrator' },
  auth: {
    useAPIKey: true,
    // Sign in with the username or the e-mail, as WordPress does (the CLI and HTTP Basic take either too).
    // Payload keeps usernames in lower case; limitPasswordLogin finds older mixed-case ones.
    loginWithUsername: { allowEmailLogin: true, requireEmail: true, requireUsername: true },
    strategies: [appPasswordStrategy],
    // No account-wide lockout (Payload's maxLoginAttempts): anyone could keep the owner out with it.
    // Failed logins are limited per (account, address) instead: limitPasswordLogin.
    maxLoginAttempts: 0,
    // Sent only with SMTP_URL (passwordResetNeedsEmail refuses otherwise); the link is absolute on SITE_URL.
    forgotPassword: { generateEmailHTML: resetPasswordEmail(siteUrl) },
  },
  // Before Payload's own forgot-password: a username or an e-mail, as at the login.
  endpoints: [forgotPasswordByEither],
  access: {
    read: selfOrAdministrator,
    create: isAdministrator,
    update: selfOrAdministrator,
    delete: isAdministrator,
    admin: ({ req }) => Boolean(req.user),
  },
  hooks: {
    // An application password or API key changes no password, e-mail or API key (docs/security.md, Authentication).
    beforeChange: [credentialChangesNeedSignIn, firstUserIsAdministrator],
    beforeDelete: [deleteUserAppPasswords],
    beforeOperation: [passwordResetNeedsEmail, forgotPasswordOutsideTransaction, limitPasswordLogin, sessionsNeedSignIn],
  },
  fields: [
    { name: 'username', type: 'text', required: true, unique: true, index: true },
    { name: 'displayName', type: 'text' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'subscriber',
      options: ROLES.map((value) => ({ label: value, value })),
      // Only administrators change roles; nobody raises their own.
      access: { create: isAdministratorField, update: isAdministratorField },
      saveToJWT: true,
      admin: { position: 'sidebar' },
    },
  ],
})
