import type { TextField } from 'payload'
import { ensureUniqueSlug } from '../hooks/ensureUniqueSlug.js'

/** A unique WordPress-style slug, generated from `source` when left empty. */
export function slugField(source: string): TextField {
  return {
    name: 'slug',
    type: 'text',
    index: true,
    unique: true,
    admin: { position: 'sidebar', description: 'Generated from the title when left empty; made unique with -2, -3…' },
    hooks: { beforeValidate: [ensureUniqueSlug(source)] },
  }
}
