/** esc_html(): the five HTML special characters as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;')
}

/**
 * WordPress's esc_html(): the five special characters as entities, except that an entity already
 * written (`&amp;`, `&#038;`) is kept, not encoded twice (_wp_specialchars without double encoding).
 */
export function escHtml(text: string): string {
  return text
    .replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;')
}

/**
 * WordPress's antispambot(): an e-mail address with characters written as HTML entities so naive
 * scrapers miss it; browsers and JSON-LD readers decode it. Deterministic, unlike WordPress's.
 */
export function obfuscateEmail(email: string): string {
  return Array.from(email, (ch, i) => (i % 3 === 2 && ch !== '@' ? ch : `&#${ch.codePointAt(0)};`)).join('')
}

/** The description form TEC puts into JSON-LD: escaped HTML followed by a literal "\n" (reference samples). */
export function jsonLdDescription(html: string | null | undefined): string {
  return html ? `${escapeHtml(html)}\\n` : ''
}
