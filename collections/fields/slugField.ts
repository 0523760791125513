import type { TextField } from 'payload'
import { ensureUniqueSlug } from '../hooks/ensureUniqueSlug.js'

/** A unique WordPress-style slug, generated from `source` when left empty. */
export function slugField(source: string): TextField {
  return {
    name: 'slug',
    type: 'text',
    index: true,
    unique: true,
    admin: {
      position: 'sidebar',
      description: `Filled from the ${source} while writing a new one; editable. Made unique with -2, -3… on save.`,
      components: { Field: { path: '/admin/SlugField.tsx#SlugField', clientProps: { source } } },
    },
    // A duplicate keeps the original's slug for ensureUniqueSlug to number (concert-2, concert-3…), as
    // WordPress would, rather than Payload's default for unique fields ("concert - Copy").
    hooks: { beforeValidate: [ensureUniqueSlug(source)], beforeDuplicate: [({ value }) => value] },
  }
}
