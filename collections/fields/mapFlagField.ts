import type { Field } from 'payload'

/**
 * A venue map flag: stored and served in the reference's string form ("true"/"false", so /api, GraphQL
 * and the namespace keep their types), edited as a checkbox and listed as a word.
 */
export const mapFlagField = (name: string, label: string): Field => ({
  name,
  label,
  type: 'text',
  defaultValue: 'true',
  admin: {
    components: {
      Field: '/admin/MapFlagCheckbox.tsx#MapFlagCheckbox',
      Cell: '/admin/MapFlagCell.tsx#MapFlagCell',
    },
  },
})
