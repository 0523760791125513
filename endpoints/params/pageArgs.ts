import type { RequestContext } from '../types.js'
import { positiveIntArg } from './kinds.js'

/**
 * `page` and `per_page` of an archive (reference 5.1): positive integers; per_page is capped at the
 * configured maximum (plugin option maxPerPage, 50 by default), silently. The default per_page is
 * shown as the string "10", as WordPress shows the raw option value.
 */
export function pageArgs(perPageDescription: string) {
  const perPage = positiveIntArg({ description: perPageDescription, default: '10' })
  return {
    page: positiveIntArg({ description: 'The archive page to return', default: 1 }),
    per_page: {
      ...perPage,
      parse: (raw: unknown, ctx: RequestContext, name: string) => Math.min(perPage.parse(raw, ctx, name), ctx.options.maxPerPage),
    },
  }
}
