/**
 * An FTS5 query for the trigram index (SQLite) that every event matching `words` as LIKE '%word%'
 * also matches: for each word, the runs of it between LIKE's wildcards (`%`, `_`, which Payload's
 * `contains` leaves as wildcards) that the index can look up, as quoted strings, all AND-ed. The index
 * folds case more widely than LIKE (non-ASCII letters too: 'CAFÉ' matches 'café' there, not in LIKE),
 * so it only narrows the events down; the LIKE conditions still decide. Runs shorter than three
 * characters are not in a trigram index (MATCH would find nothing): left to LIKE alone. Null when no
 * word has such a run, the search then being LIKE's alone.
 */
export function trigramMatch(words: readonly string[]): string | null {
  const runs = words.flatMap((word) => word.split(/[%_]/)).filter((run) => [...run].length >= 3)
  return runs.length ? [...new Set(runs)].map((run) => `"${run.replace(/"/g, '""')}"`).join(' AND ') : null
}

/**
 * Whether the trigram index answers `LIKE '%word%'` exactly, with no LIKE to check it: a word of at
 * least three printable ASCII characters, none of them a wildcard. LIKE folds ASCII letters only;
 * the index folds every letter, but the only non-ASCII characters it folds into ASCII are the Kelvin
 * sign (to k) and the long s (to s), so words with a k or an s are checked by LIKE too.
 */
export function trigramExact(word: string): boolean {
  return word.length >= 3 && /^[\x20-\x7e]+$/.test(word) && !/[%_ks]/i.test(word)
}
