/** Deterministic pseudo-random numbers in [0, 1), so two runs with one seed make the same data. */
export function seededRandom(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    return s / 0x7fffffff
  }
}
