import type { TextFieldSingleValidation } from 'payload'
import { unlessUnchanged } from './unlessUnchanged.js'

/** The namespace takes a cost as up to 50 strings of up to 200 characters (reference 6.3). */
export const MAX_COST_ITEMS = 50
export const MAX_COST_ITEM_LENGTH = 200

export const COST_MESSAGE = `Enter the cost as an amount ("20"), a range ("5 - 50") or a short text ("Free"), at most ${MAX_COST_ITEM_LENGTH} characters between commas.`

/** One item of a cost: a finite number, or a string of at most 200 characters without NUL (PostgreSQL cannot store it). */
export function isCostItem(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value)
  return typeof value === 'string' && value.length <= MAX_COST_ITEM_LENGTH && !value.includes('\u0000')
}

/**
 * A stored cost: what the namespace stores for its items, joined with ", " ("0, 20, 30"), so each
 * comma-separated part is an item and there are at most 50 items' worth of text.
 */
export function isStoredCost(value: string): boolean {
  if (value.length > MAX_COST_ITEMS * (MAX_COST_ITEM_LENGTH + 2)) return false
  return value.split(',').every((part) => isCostItem(part.trim()))
}

/** Field validate of an event's `cost`. */
export const validateCost: TextFieldSingleValidation = unlessUnchanged((value) =>
  typeof value === 'string' && isStoredCost(value) ? true : COST_MESSAGE,
)
