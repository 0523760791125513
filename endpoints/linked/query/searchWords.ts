import type { Where } from 'payload'

// WordPress's English search stopwords (WP_Query::get_search_stopwords).
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','),
)

/**
 * The terms of a search as WP_Query::parse_search splits it: words separated by spaces, tabs, commas
 * or plus signs, "quoted phrases" kept whole; single letters and stopwords dropped; a search of only
 * those, or of more than nine terms, is one term, the whole text.
 */
export function searchWords(search: string): string[] {
  const found = search.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? []
  const words = found
    .map((term) => (/^".+"$/.test(term) ? term.replace(/^["']+|["']+$/g, '') : term.replace(/^["' ]+|["' ]+$/g, '')))
    .filter((term) => term && !(term.length === 1 && /^[a-z-]$/i.test(term)) && !STOPWORDS.has(term.toLowerCase()))
  return words.length && words.length <= 9 ? words : [search]
}

/**
 * A search as WordPress runs it: every term must appear (case-insensitively) in one of `fields`,
 * each term in any of them. `contains` is a substring match on every adapter (LIKE '%…%' on SQL,
 * an escaped regular expression on MongoDB).
 */
export function searchWhere(search: string, fields: readonly string[] | ((word: string) => Where)): Where {
  const match = typeof fields === 'function' ? fields : (word: string): Where => ({ or: fields.map((field) => ({ [field]: { contains: word } })) })
  return { and: searchWords(search).map(match) }
}
