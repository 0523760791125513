import type { TextField } from 'payload'
import { isHttpUrl } from '../markup/isHttpUrl.js'

export const WEBSITE_MESSAGE = 'Enter a web address starting with http:// or https://.'

/**
 * A web address, http(s) only for everyone: readers follow it, so `javascript:` and `data:` URLs are
 * refused on every entry point (on /api a 400 naming the field; the namespace refuses them as
 * rest_invalid_param before they get here). Empty clears it.
 */
export const websiteField: TextField = {
  name: 'website',
  type: 'text',
  // An unchanged stored value passes: a document saved before this rule must stay updatable by hooks
  // that touch other fields (unlinking a trashed venue); setting a bad one is what is refused.
  validate: (value: string | null | undefined, { previousValue }: { previousValue?: unknown }) =>
    value === null || value === undefined || value === '' || value === previousValue || isHttpUrl(value) ? true : WEBSITE_MESSAGE,
}
