import { randomBytes } from 'node:crypto'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import { hashSecret } from '../secrets.js'

/** 24 characters from an unambiguous alphabet, shown in groups of four like WordPress's. */
export function newAppPassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  // 57 symbols: reject bytes past the last whole multiple so every symbol is equally likely.
  const limit = 256 - (256 % alphabet.length)
  const chars: string[] = []
  while (chars.length < 24) {
    for (const b of randomBytes(32)) if (b < limit && chars.length < 24) chars.push(alphabet[b % alphabet.length]!)
  }
  return chars.join('').match(/.{4}/g)!.join(' ')
}

/**
 * beforeChange (create): the password is always generated here, never chosen by the caller; only its
 * scrypt hash is stored. The plain value rides along in `data.password` (a virtual field) for
 * revealAppPassword.
 */
export const generateAppPassword: CollectionBeforeChangeHook = async ({ data, operation }) => {
  if (operation !== 'create') return data
  const plain = newAppPassword()
  return { ...data, hash: await hashSecret(plain.replace(/\s+/g, '')), password: plain }
}

/** afterChange (create): the one response that shows the new password (REST, GraphQL, Local API, the admin drawer). */
export const revealAppPassword: CollectionAfterChangeHook = ({ data, doc, operation }) => {
  if (operation !== 'create' || typeof data.password !== 'string') return doc
  return { ...doc, password: data.password }
}
