import type { NumberField } from 'payload'

/** Custom integer ID, filled from a shared sequence by the assignId hook. */
export const idField: NumberField = {
  name: 'id',
  type: 'number',
  admin: { hidden: true },
}
