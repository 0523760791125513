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
    // A duplicate starts without one, so ensureUniqueSlug derives a fresh one from its source (title-2),
    // rather than Payload's default for unique fields ("title - Copy").
    hooks: { beforeValidate: [ensureUniqueSlug(source)], beforeDuplicate: [() => ''] },
  }
}
