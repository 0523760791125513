import sanitizeHtml from 'sanitize-html'

// WordPress's kses for post content ($allowedposttags), narrowed to what a calendar description uses:
// no script, style, iframe, form or event-handler attribute survives, and links and images keep only
// http(s), mailto and tel URLs (images http(s) only).
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'a', 'img', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
    'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'abbr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre',
    'span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    abbr: ['title'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
}

/** Rich HTML (a description) reduced to the kses-like allow-list above, for authors without unfiltered_html. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
