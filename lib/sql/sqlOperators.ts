type Operators = typeof import('@payloadcms/db-sqlite/drizzle')

const loaded = new Map<'sqlite' | 'postgres', Promise<Operators>>()

/**
 * drizzle's query helpers (sql, and, eq, inArray, count: the same on both dialects) from the SQL
 * adapter in use, imported once: an `import()` per request resolves the module again every time,
 * and the adapter of the other database is never loaded.
 */
export function sqlOperators(dialect: 'sqlite' | 'postgres'): Promise<Operators> {
  let operators = loaded.get(dialect)
  if (!operators) {
    operators = (dialect === 'sqlite' ? import('@payloadcms/db-sqlite/drizzle') : import('@payloadcms/db-postgres/drizzle')) as Promise<Operators>
    loaded.set(dialect, operators)
  }
  return operators
}
