import type { Access, FieldAccess } from 'payload'
import { roleOf } from '../roles.js'

export const isAdministrator: Access = ({ req }) => roleOf(req.user) === 'administrator'

export const isAdministratorField: FieldAccess = ({ req }) => roleOf(req.user) === 'administrator'
