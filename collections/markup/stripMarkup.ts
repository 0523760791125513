import sanitizeHtml from 'sanitize-html'

const NO_TAGS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }

/** sanitize-html escapes exactly these in text; undone so plain text stays plain ("Tom & Jerry"). */
const unescape = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

/**
 * Plain text without markup (WordPress strips tags from titles and term names): tags removed, script
 * and style bodies dropped, entities decoded. Repeated until nothing changes, so markup smuggled in as
 * entities (`&lt;script&gt;`) is stripped too rather than decoded into a tag. Text that lost markup is
 * trimmed of the space the markup left at its ends.
 */
export function stripMarkup(text: string): string {
  let current = text
  for (let pass = 0; pass < 10; pass++) {
    const next = unescape(sanitizeHtml(current, NO_TAGS))
    if (next === current) return current === text ? text : current.trim()
    current = next
  }
  // Ten rounds of nested entities: keep the escaped form rather than anything a browser could parse.
  return sanitizeHtml(current, NO_TAGS).trim()
}
