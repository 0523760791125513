/**
 * WordPress's wpautop() as `the_excerpt` applies it, trimmed as the reference trims every filtered
 * field (reference 6.2): blocks separated by blank lines become `<p>…</p>`, one per line, single line
 * breaks `<br />\n`; no line break after the last paragraph. The excerpt is otherwise output as
 * stored, as WordPress does (markup from roles without unfiltered_html was already removed on save),
 * with a bare `&` written `&#038;` as wptexturize writes it (docs/api.md, deliberate difference 16: no other typography).
 */
export function autop(text: string | null | undefined): string {
  const normalized = (text ?? '').replace(/\r\n?/g, '\n').trim()
  if (!normalized) return ''
  return normalized
    .replace(/&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi, '&#038;')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/[ \t]*\n[ \t]*/g, '<br />\n')}</p>`)
    .join('\n')
}
