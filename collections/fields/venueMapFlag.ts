/**
 * Venue map flags are strings in the reference ("true"/"false"); unset means shown, an empty or falsy
 * word hidden. Shared by the serializer and the admin's checkbox, so both read a stored value alike.
 */
export function venueFlag(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true
  return !/^(|0|false|no|off)$/i.test(value.trim())
}
