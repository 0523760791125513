import type { CollectionConfig, Field } from 'payload'
import { anyone } from './access/anyone.js'
import { canManageTerms } from './access/canManageTerms.js'
import { idField } from './fields/idField.js'
import { slugField } from './fields/slugField.js'
import { assignId } from './hooks/assignId.js'

/** A taxonomy (categories, tags): terms share WordPress's term-ID sequence. */
export function termCollection(slug: string, singular: string, plural: string, extraFields: Field[] = []): CollectionConfig {
  return {
    slug,
    labels: { singular, plural },
    admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug'] },
    access: { read: anyone, create: canManageTerms, update: canManageTerms, delete: canManageTerms },
    hooks: { beforeOperation: [assignId('term')] },
    fields: [
      idField,
      { name: 'name', type: 'text', required: true, index: true },
      { name: 'description', type: 'textarea' },
      ...extraFields,
      slugField('name'),
    ],
  }
}
