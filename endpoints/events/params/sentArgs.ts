import type { EndpointInput, Params } from '../../types.js'

/**
 * Which arguments a write acts on: those the caller sent, except null for the ones the reference
 * declares with a null default (website, categories, tags, venue, organizer, cost), which means not sent.
 */
export function sentArgs(params: Params, input: EndpointInput, ignore: string[] = []): (name: string) => boolean {
  return (name) => input.given.has(name) && params[name] !== null && params[name] !== undefined && !ignore.includes(name)
}
