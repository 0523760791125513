import { convertHTMLToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical'
import { JSDOM } from 'jsdom'
import type { Payload } from 'payload'

type EditorConfig = Parameters<typeof convertHTMLToLexical>[0]['editorConfig']
const editorConfigs = new WeakMap<Payload, Promise<EditorConfig>>()

/**
 * The rich-text value of an HTML description sent to the namespace (the reference stores HTML in
 * post_content; editors here get Lexical). Plain text becomes one paragraph.
 */
export async function htmlToRichText(payload: Payload, html: string): Promise<Record<string, unknown> | null> {
  if (!html.trim()) return null
  let config = editorConfigs.get(payload)
  if (!config) {
    config = editorConfigFactory.default({ config: payload.config })
    editorConfigs.set(payload, config)
  }
  const source = /<\s*(p|div|h[1-6]|ul|ol|blockquote|table|pre)\b/i.test(html) ? html : `<p>${html}</p>`
  return convertHTMLToLexical({ editorConfig: await config, html: source, JSDOM }) as unknown as Record<string, unknown>
}
