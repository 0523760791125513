// MySQL's default collation (utf8mb4_unicode_ci) ignores case and accents: "A, b, C", not "A, C, b".
const collator = new Intl.Collator('en', { sensitivity: 'base' })

/**
 * Terms by name as WordPress returns them (get_terms and wp_get_object_terms order by name in the
 * database's case-insensitive collation), ties by ID. The same on every adapter, whose own sorts
 * differ (SQLite and MongoDB compare bytes, PostgreSQL follows the database's locale).
 */
export function compareTermNames(a: { name?: string | null; id: number }, b: { name?: string | null; id: number }): number {
  return collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id
}
