'use client'
import type { DefaultCellComponentProps } from 'payload'
import { venueFlag } from '../../collections/fields/venueMapFlag.js'

/** A venue map flag in the list: "Yes"/"No" by the serializer's rule, not the stored "true"/"false". */
export function MapFlagCell({ cellData }: DefaultCellComponentProps) {
  return <span>{venueFlag(typeof cellData === 'string' ? cellData : null) ? 'Yes' : 'No'}</span>
}
