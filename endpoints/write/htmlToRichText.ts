import { convertHTMLToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { Payload } from 'payload'
import { canUseUnfilteredHtml } from '../permissions/index.js'
import { sanitizeRichHtml } from '../../collections/markup/sanitizeRichHtml.js'
import { MEDIA } from '../../collections/slugs.js'
import type { RichText } from '../data/documents.js'
import type { RequestContext } from '../types.js'
import { externalImageNode } from '../../collections/hooks/renderDescriptionHtml.js'
import { loadJsdom } from './loadJsdom.js'
import { storeDescriptionImage } from './storeImage.js'
import { mediaWithFile, setMediaAlt } from '../data/index.js'

/** What a description's conversion needs of a request: operator writes (seeding, import) have no more. */
export type WriteContext = Pick<RequestContext, 'payload' | 'user' | 'options' | 'req' | 'images'> & Partial<Pick<RequestContext, 'restRoot'>>

type EditorConfig = Parameters<typeof convertHTMLToLexical>[0]['editorConfig']
type LexicalNode = { type?: string; pending?: { src?: string }; children?: LexicalNode[]; [key: string]: unknown }
const editorConfigs = new WeakMap<Payload, Promise<EditorConfig>>()

/**
 * One jsdom window for the process, parsing each HTML into a fresh document with its DOMParser:
 * a new JSDOM per description built a whole window each time (about three quarters of the cost of
 * a description, and most of an import's garbage). Lexical's import only reads the document.
 */
let parser: DOMParser | undefined
const parseHtml = (html: string): Document => parser!.parseFromString(html, 'text/html')

/** Stands in for the JSDOM class convertHTMLToLexical constructs: `new SharedDom(html).window.document`. */
class SharedDom {
  window: { document: Document }
  constructor(html: string) {
    this.window = { document: parseHtml(html) }
  }
}

/** The alt text of each image source in the HTML (Lexical's import keeps only the source). */
function altTexts(html: string): Map<string, string> {
  // Most descriptions have no image: no second parse for them.
  if (!/<img\b/i.test(html)) return new Map()
  const images = parseHtml(html).querySelectorAll('img')
  return new Map([...images].map((img) => [img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '']))
}

/** The ID of an image of this site's media library that `src` points at (…/api/media/file/<name>). */
async function ownMediaId(ctx: WriteContext, src: string): Promise<number | undefined> {
  const site = new URL(ctx.options.siteUrl)
  const url = new URL(src, site)
  const ours = [site.origin, new URL(ctx.restRoot || site).origin]
  const prefix = `${ctx.payload.config.routes.api}/${MEDIA}/file/`
  if (!ours.includes(url.origin) || !url.pathname.startsWith(prefix)) return undefined
  const filename = decodeURIComponent(url.pathname.slice(prefix.length))
  return (await mediaWithFile(ctx, filename)) ?? undefined
}

/**
 * Lexical's import turns `<img>` into a "pending upload" (the admin's paste-then-upload), which no
 * save accepts. Each becomes an upload of the media library: this site's own image as is, another
 * site's downloaded like a featured image (storeImage's checks). One that is not downloaded (the
 * writer may not attach images by URL, or the site did not deliver it) does not fail the write: an
 * http(s) image is kept as sent (externalImageNode), any other source is dropped.
 */
async function storeImages(ctx: WriteContext, node: LexicalNode, alts: Map<string, string>): Promise<void> {
  // A link without a usable URL (`<a>`, `href="a b"`, or a javascript: URL the filter removed) fails
  // the link's validation, which would refuse the whole write: its text stays, unlinked.
  node.children = node.children?.flatMap((child) => {
    const url = (child.fields as { url?: unknown } | undefined)?.url
    return child.type === 'link' && (typeof url !== 'string' || !url || /\s/.test(url)) ? (child.children ?? []) : [child]
  })
  const dropped = new Set<LexicalNode>()
  for (const [i, child] of (node.children ?? []).entries()) {
    if (child.type === 'upload' && child.pending) {
      const src = child.pending.src ?? ''
      let id = await ownMediaId(ctx, src)
      if (id === undefined) {
        const stored = await storeDescriptionImage(ctx, src)
        if (stored === null) {
          if (/^https?:\/\//i.test(src)) node.children![i] = externalImageNode(src, alts.get(src) ?? '', node.type === 'root')
          else dropped.add(child)
          continue
        }
        id = stored
        const alt = alts.get(src)
        if (alt) await setMediaAlt(ctx, id, alt)
      }
      node.children![i] = { type: 'upload', version: 3, format: '', id: child.id, fields: null, relationTo: MEDIA, value: id }
    } else await storeImages(ctx, child, alts)
  }
  if (dropped.size) node.children = node.children!.filter((child) => !dropped.has(child))
}

/**
 * The rich-text value of an HTML description sent to the namespace (the reference stores HTML in
 * post_content; editors here get Lexical). Plain text becomes one paragraph. Callers without
 * unfiltered_html have it filtered first (kses-like), so no image with a `javascript:` or `data:`
 * source is ever fetched or stored.
 */
export async function htmlToRichText(ctx: WriteContext, html: string): Promise<RichText | null> {
  if (!html.trim()) return null
  let config = editorConfigs.get(ctx.payload)
  if (!config) {
    config = editorConfigFactory.default({ config: ctx.payload.config })
    editorConfigs.set(ctx.payload, config)
  }
  const filtered = canUseUnfilteredHtml(ctx.user) ? html : sanitizeRichHtml(html)
  const source = /<\s*(p|div|h[1-6]|ul|ol|blockquote|table|pre)\b/i.test(filtered) ? filtered : `<p>${filtered}</p>`
  parser ??= new new (await loadJsdom())('').window.DOMParser()
  const state = convertHTMLToLexical({ editorConfig: await config, html: source, JSDOM: SharedDom })
  await storeImages(ctx, state.root, altTexts(source))
  return storedRichText(state)
}

/**
 * Lexical's state as the generated types describe a stored rich-text field: the same JSON, whose
 * nodes those types index by name (copied, as Lexical declares its nodes without an index).
 */
function storedRichText(state: SerializedEditorState): RichText {
  const { root } = state
  return { root: { ...root, children: root.children.map((node) => ({ ...node })) } }
}
