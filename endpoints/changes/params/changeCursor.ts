import { createHash } from 'node:crypto'

/** A position in the change feed: the last change ID read, and when that position was handed out. */
export interface ChangeCursor {
  /** Every change up to this ID (in commit order) has been read. */
  after: number
  /** When the cursor was answered (ms since the epoch): a cursor older than the retention expires. */
  issuedAt: number
}

const PREFIX = 'c1'
const FORM = /^c1\.(\d{1,15})\.(\d{1,15})\.([0-9a-f]{8})$/

/** A check of the cursor's text, so a cut or altered cursor is refused rather than read as another (not a secret). */
const check = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8)

/** Opaque to clients: base64url of "c1.<last ID>.<time answered>.<check>". */
export function encodeCursor(cursor: ChangeCursor): string {
  const text = `${PREFIX}.${cursor.after}.${cursor.issuedAt}`
  return Buffer.from(`${text}.${check(text)}`, 'utf8').toString('base64url')
}

/** The cursor a string encodes, or null when it is not one this feed answered. */
export function decodeCursor(text: string): ChangeCursor | null {
  if (!/^[A-Za-z0-9_-]{1,96}$/.test(text)) return null
  const match = FORM.exec(Buffer.from(text, 'base64url').toString('utf8'))
  if (!match || check(`${PREFIX}.${match[1]}.${match[2]}`) !== match[3]) return null
  const after = Number(match[1])
  const issuedAt = Number(match[2])
  return Number.isSafeInteger(after) && Number.isSafeInteger(issuedAt) ? { after, issuedAt } : null
}
