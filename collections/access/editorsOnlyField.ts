import type { FieldAccess } from 'payload'
import { canEditOthersPosts } from './postAccess.js'

/** Field access: only editors and administrators (e.g. setting another post's author). */
export const editorsOnlyField: FieldAccess = ({ req }) => canEditOthersPosts(req.user)
