/** The drizzle handle of the open transaction, else the adapter's own (SQL adapters). */
export function transactionOf<T>(transaction: string | number | undefined, db: { drizzle: T; sessions?: Record<string | number, { db: T } | undefined> }): T {
  return (transaction !== undefined ? db.sessions?.[transaction]?.db : undefined) ?? db.drizzle
}
