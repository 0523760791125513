'use client'
import type { DefaultCellComponentProps } from 'payload'

/** A yes/no column in words (Payload's own cell prints a raw `false`); unset reads as no. */
export function BooleanCell({ cellData }: DefaultCellComponentProps) {
  return <span>{cellData === true ? 'Yes' : 'No'}</span>
}
