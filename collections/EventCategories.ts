import { CATEGORIES } from './slugs.js'
import { termCollection } from './termCollection.js'

export const EventCategories = termCollection(
  CATEGORIES,
  'categories',
  { singular: 'Event category', plural: 'Event categories' },
  [{ name: 'parent', label: 'Parent category', type: 'relationship', relationTo: CATEGORIES, index: true }],
  { hierarchical: true },
)
