/**
 * A field validate that lets empty values and the stored value pass: a document saved before a rule
 * existed (or by the operator) must stay updatable by edits and hooks that touch other fields; setting
 * a bad value is what is refused.
 */
export function unlessUnchanged<V>(check: (value: V) => true | string) {
  return (value: V | null | undefined, { previousValue }: { previousValue?: unknown }): true | string =>
    value === null || value === undefined || value === '' || value === previousValue ? true : check(value)
}
