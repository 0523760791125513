// The summary of `npm run bench`: one line per budget of decisions section 7, met or MISSED, with the
// figure measured and the run it comes from (database, size, connections), so a row copied alone still
// says what was measured.

export interface Budget {
  budget: string
  /** The measured figure, as printed. */
  value: string
  /** null: not measured by this run (value says how to measure it). */
  ok: boolean | null
  /** Which run and size the figure comes from. */
  run: string
}

/** Prints the budgets as an aligned table: status, budget, figure, run. */
export function printBudgets(budgets: Budget[], log: (line: string) => void): void {
  const width = (pick: (b: Budget) => string) => Math.max(...budgets.map((b) => pick(b).length))
  const [budgetWidth, valueWidth] = [width((b) => b.budget), width((b) => b.value)]
  for (const b of budgets) log(`  ${(b.ok === null ? '—' : b.ok ? 'met' : 'MISSED').padEnd(6)}  ${b.budget.padEnd(budgetWidth)}  ${b.value.padEnd(valueWidth)}  ${b.run}`)
  const count = (ok: boolean | null) => budgets.filter((b) => b.ok === ok).length
  log(`  ${count(true)} met, ${count(false)} missed, ${count(null)} not measured by this run`)
}

/** A percentage with one decimal. */
export const percent = (part: number, whole: number) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)} %`
