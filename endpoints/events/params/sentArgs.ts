import type { EndpointInput } from '../../types.js'

/** Whether the caller sent the named argument of values `V` (see sentArgs). */
export type Sent<V> = (name: keyof V & string) => boolean

/**
 * Which arguments a write acts on: those the caller sent, except null for the ones the reference
 * declares with a null default (website, categories, tags, venue, organizer, cost), which means not sent.
 */
export function sentArgs<V extends object>(params: V, input: EndpointInput, ignore: string[] = []): Sent<V> {
  return (name) => input.given.has(name) && params[name] !== null && params[name] !== undefined && !ignore.includes(name)
}
