import type { Access } from 'payload'
import { hasCapability } from './capabilities.js'

/** WordPress's manage_terms: editors and administrators. */
export const canManageTerms: Access = ({ req }) => hasCapability(req.user, 'manage_terms')
