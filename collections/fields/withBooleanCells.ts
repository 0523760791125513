import type { CollectionConfig, Field } from 'payload'

const CELL = '/admin/BooleanCell.tsx#BooleanCell'

/** Every checkbox of a collection lists as "Yes"/"No" unless it names a cell of its own. */
export function withBooleanCells(collection: CollectionConfig): CollectionConfig {
  return { ...collection, fields: collection.fields.map(withCell) }
}

function withCell(field: Field): Field {
  if (field.type === 'checkbox') {
    if (field.admin?.components?.Cell) return field
    return { ...field, admin: { ...field.admin, components: { ...field.admin?.components, Cell: CELL } } }
  }
  if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(withCell) })) }
  if ('fields' in field && Array.isArray(field.fields)) return { ...field, fields: field.fields.map(withCell) } as Field
  return field
}
