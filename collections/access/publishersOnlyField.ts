import type { FieldAccess } from 'payload'
import { canPublishPosts } from './postAccess.js'

/** Field access: only those with publish_posts (authors, editors, administrators). */
export const publishersOnlyField: FieldAccess = ({ req }) => canPublishPosts(req.user)
