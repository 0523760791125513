import type { CollectionConfig, Field } from 'payload'
import { anyone } from './access/anyone.js'
import { canManageTerms } from './access/canManageTerms.js'
import { idField } from './fields/idField.js'
import { slugField } from './fields/slugField.js'
import { assignId } from './hooks/assignId.js'
import { filterMarkup } from './hooks/filterMarkup.js'
import { reparentChildren } from './hooks/reparentChildren.js'
import { unlinkFromEvents } from './hooks/unlinkFromEvents.js'
import { recordTermChanges } from './changes/recordChanges.js'

const never = () => false

/** A taxonomy (categories, tags): terms share WordPress's term-ID sequence; deleting one is permanent. */
export function termCollection(
  slug: string,
  eventField: 'categories' | 'tags',
  labels: { singular: string; plural: string },
  extraFields: Field[] = [],
  options: { hierarchical?: boolean } = {},
): CollectionConfig {
  const changes = recordTermChanges(eventField === 'categories' ? 'category' : 'tag')
  return {
    slug,
    labels,
    admin: { useAsTitle: 'name', group: 'Events', defaultColumns: ['name', 'slug', 'count'], listSearchableFields: ['name', 'slug'] },
    defaultSort: 'name',
    access: { read: anyone, create: canManageTerms, update: canManageTerms, delete: canManageTerms },
    hooks: {
      beforeOperation: [assignId('term')],
      // Only editors and administrators manage terms today, and they keep their markup; the rule is
      // here for whoever else may be let in.
      beforeChange: [filterMarkup({ plain: ['name'], rich: ['description'] })],
      beforeDelete: options.hierarchical ? [reparentChildren] : [],
      afterChange: [changes.afterChange],
      afterDelete: [unlinkFromEvents(eventField).afterDelete, changes.afterDelete],
    },
    fields: [
      idField,
      { name: 'name', type: 'text', required: true, index: true },
      { name: 'description', type: 'textarea' },
      ...extraFields,
      slugField('name'),
      {
        name: 'count',
        label: 'Published events',
        type: 'number',
        defaultValue: 0,
        index: true,
        access: { create: never, update: never },
        admin: { readOnly: true, position: 'sidebar', description: 'Kept up to date as events change.' },
      },
    ],
  }
}
