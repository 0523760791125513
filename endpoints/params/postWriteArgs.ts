import { stringArg, timeArg } from './kinds.js'
import type { ParamSpecs } from '../types.js'
import { existingUserArg } from './existingUserArg.js'
import { imageArg } from './imageArg.js'
import { statusWriteArg } from './statusWriteArg.js'

/** The post types that take writes, as their parameter descriptions name them. */
export type PostNoun = 'event' | 'venue' | 'organizer'

/**
 * The write arguments every post type declares alike (reference 6.3, 7.4, 8): its author, publication
 * dates, description, status and featured image. Each type lists them in its own reference order
 * beside its own arguments. `allowEmpty` (venues, organizers) lets "" clear the description and the
 * image; events refuse it.
 */
export function postWriteArgs(noun: PostNoun, options: { allowEmpty: boolean }) {
  return {
    author: existingUserArg({ description: `The ${noun} author ID` }),
    date: timeArg({ typed: true, description: `The ${noun} publication date` }),
    date_utc: timeArg({ typed: true, utc: true, description: `The ${noun} publication date (UTC time zone)` }),
    description: stringArg({ description: `The ${noun} description`, maxLength: 100_000, allowEmpty: options.allowEmpty }),
    status: statusWriteArg(`The ${noun} post status`),
    image: imageArg({ description: `The ${noun} featured image ID or URL`, allowEmpty: options.allowEmpty }),
  } satisfies ParamSpecs
}

/** The shared write arguments' declarations, by name. */
export type PostWriteArgs = ReturnType<typeof postWriteArgs>
