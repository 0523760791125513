import { ImportError } from './ImportError.js'
import type { TecPage } from './TecClient.js'

/** Pages of one list an import reads at most, whatever a site declares (100 a page: a million records). */
export const MAX_PAGES = 10_000

/**
 * The last page of a list to read, from what its first page declares (its total and page count):
 * a declaration beyond MAX_PAGES is refused before anything of the list is written. A site may grow
 * while it is read, so a tenth more pages (and one) are allowed; past that, see pastLimit.
 */
export function pageLimit(kind: string, first: TecPage<unknown>, perPage: number): number {
  const byTotal = Number.isFinite(first.total) && first.total > 0 ? Math.ceil(first.total / perPage) : 0
  const declared = Math.max(Number.isFinite(first.totalPages) ? first.totalPages : Infinity, byTotal, 1)
  if (declared > MAX_PAGES) {
    throw new ImportError(`the site declares ${declared} pages of ${kind} (${first.total} records), more than the ${MAX_PAGES} pages of ${perPage} an import reads`)
  }
  return declared + Math.ceil(declared / 10) + 1
}

/** Refuses a site that keeps announcing pages after the limit: an endless source, not a growing one. */
export function pastLimit(kind: string, page: number, limit: number, declared: TecPage<unknown>): void {
  if (page >= limit && declared.items.length && declared.totalPages > page) {
    throw new ImportError(`the site keeps returning pages of ${kind} past the ${limit} its first page declared (page ${page} announces ${declared.totalPages}): stopped`)
  }
}
