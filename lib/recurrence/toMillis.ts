/** An instant given as an ISO string, a `Date` or epoch milliseconds, as epoch milliseconds. */
export function toMillis(value: string | Date | number): number {
  return typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime()
}
