import type { CollectionBeforeChangeHook } from 'payload'
import { canUseUnfilteredHtml } from '../access/postAccess.js'
import { sanitizeRichHtml } from '../markup/sanitizeRichHtml.js'
import { stripMarkup } from '../markup/stripMarkup.js'

export interface MarkupRules {
  /** Plain-text fields: tags stripped for callers without unfiltered_html (WordPress's title_save_pre). */
  plain?: string[]
  /** HTML fields: reduced to the kses-like allow-list for callers without unfiltered_html. */
  rich?: string[]
}

/**
 * beforeChange: WordPress's kses on every entry point (admin, /api, GraphQL, the namespace), so an
 * author's `<script>` never reaches a reader. The rich description's stored HTML is filtered where it
 * is rendered (renderDescriptionHtml).
 */
export function filterMarkup(rules: MarkupRules): CollectionBeforeChangeHook {
  return ({ data, req }) => {
    const filtered = !canUseUnfilteredHtml(req.user)
    const apply = (names: string[] | undefined, filter: (text: string) => string) => {
      for (const name of names ?? []) if (typeof data[name] === 'string') data[name] = filter(data[name])
    }
    if (filtered) {
      apply(rules.plain, stripMarkup)
      apply(rules.rich, sanitizeRichHtml)
    }
    return data
  }
}
