const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or an attribute value as HTML. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

/** What a public page shows, from the namespace's own single-read answer. */
export interface PublicPage {
  /** Plain text (the wire title is already HTML-decoded text). */
  title: string
  /** Lines under the title: dates, venue, address (plain text). */
  facts: string[]
  /** The description as stored: sanitized HTML (collections/markup). */
  descriptionHtml: string
  jsonLd?: unknown
  /** The API URL for this page (TEC's tec-api discovery, reference 1.5). */
  apiRoot: string
  siteUrl: string
  lang: string
}

/** JSON inside <script>: "<" escaped so no "</script>" or comment can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** A minimal, accessible page: one h1, a list of facts, the description in an article, JSON-LD. */
export function renderPublicPage(page: PublicPage): string {
  const facts = page.facts.filter(Boolean)
  return `<!doctype html>
<html lang="${escape(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)}</title>
<meta name="tec-api-version" content="v1">
<meta name="tec-api-origin" content="${escape(page.siteUrl)}">
<link rel="alternate" type="application/json" href="${escape(page.apiRoot)}">
${page.jsonLd ? `<script type="application/ld+json">${scriptJson(page.jsonLd)}</script>\n` : ''}</head>
<body>
<main>
<article>
<h1>${escape(page.title)}</h1>
${facts.length ? `<ul>\n${facts.map((f) => `<li>${escape(f)}</li>`).join('\n')}\n</ul>\n` : ''}<div>${page.descriptionHtml}</div>
</article>
</main>
</body>
</html>
`
}
