/**
 * `next_rest_url` and `previous_rest_url` of a term list (reference 9.1, TEC's Term_Archive_Base):
 * from the page number and total_pages alone, no filters; previous is the bare URL for page 1 and is
 * given on any page after the first, past the end included.
 */
export function termArchiveLinks(url: string, page: number, totalPages: number) {
  const links: { next_rest_url?: string; previous_rest_url?: string } = {}
  if (page < totalPages) links.next_rest_url = `${url}?page=${page + 1}`
  if (page > 1) links.previous_rest_url = page === 2 ? url : `${url}?page=${page - 1}`
  return links
}
