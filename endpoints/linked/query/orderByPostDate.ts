interface Dated {
  id: unknown
  publishedAt?: unknown
  createdAt?: unknown
}

function time(value: unknown): number {
  const t = typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : NaN
  return Number.isNaN(t) ? 0 : t
}

/**
 * WordPress's default archive order (reference 7.1): post date descending, then ID descending. The
 * post date is the publication date, or the creation date of a post that has none, which no single
 * database sort expresses alike on every adapter (nulls sort first on one, last on another).
 */
export function orderByPostDate<T extends Dated>(docs: T[]): T[] {
  const key = (doc: T) => time(doc.publishedAt ?? doc.createdAt)
  return [...docs].sort((a, b) => key(b) - key(a) || Number(b.id) - Number(a.id))
}
