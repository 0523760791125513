/** The rule of a weekly series over two years from `start`: UNTIL the same instant two years later, in UTC. */
export function weeklyForTwoYears(start: Date): string {
  const until = new Date(start)
  until.setUTCFullYear(until.getUTCFullYear() + 2)
  return `RRULE:FREQ=WEEKLY;UNTIL=${until.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}
