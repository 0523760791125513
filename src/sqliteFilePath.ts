import { fileURLToPath } from 'node:url'

/** The file a `file:` DATABASE_URI names (`file:./data/calendar.db`, `file:///abs/path`), or undefined for an in-memory one. */
export function sqliteFilePath(uri: string): string | undefined {
  const file = uri.startsWith('file://') ? fileURLToPath(uri) : uri.slice('file:'.length).split('?')[0]!
  return !file || file === ':memory:' ? undefined : file
}
