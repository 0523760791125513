import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'
import { canUseUnfilteredHtml } from '../access/postAccess.js'
import { sanitizeRichHtml } from '../markup/sanitizeRichHtml.js'
import { relationId } from '../relationIds.js'
import { MEDIA } from '../slugs.js'

type LexicalNode = { type?: string; relationTo?: string; value?: unknown; children?: LexicalNode[]; externalImage?: ExternalImage }
/** An image of another site kept as sent (not downloaded into media): its address and alt text. */
type ExternalImage = { src: string; alt: string }
type Media = { id: number | string; url?: string | null; alt?: string | null; width?: number | null; height?: number | null }

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A description `<img>` of another site that was not downloaded (the writer may not attach images by
 * URL, or the site did not deliver it), kept as sent: Lexical has no node for an image that is not in
 * the media library, so it is a link to the image (what the admin's editor shows) marked with the
 * image, which the stored HTML renders as the `<img>` that was sent. `block`: in the root, where a
 * link needs a paragraph around it. Saved from the admin's editor, it stays a link.
 */
export function externalImageNode(src: string, alt: string, block: boolean): Record<string, unknown> {
  const link = {
    type: 'link',
    version: 3,
    fields: { linkType: 'custom', url: src, newTab: false },
    externalImage: { src, alt } satisfies ExternalImage,
    children: [{ type: 'text', version: 1, text: alt || src, detail: 0, format: 0, mode: 'normal', style: '' }],
    direction: null,
    format: '',
    indent: 0,
  }
  return block ? { type: 'paragraph', version: 1, children: [link], direction: null, format: '', indent: 0, textFormat: 0, textStyle: '' } : link
}

/** The IDs of the media that the description's upload nodes show. */
function uploadIds(node: LexicalNode | undefined, ids: Set<number | string> = new Set()): Set<number | string> {
  if (!node) return ids
  if (node.type === 'upload' && node.relationTo === MEDIA) {
    const id = relationId(node.value)
    if (id !== undefined) ids.add(id)
  }
  for (const child of node.children ?? []) uploadIds(child, ids)
  return ids
}

/** The description's images, read in one query (in the write's transaction). */
async function mediaById(req: PayloadRequest, ids: Set<number | string>): Promise<Map<string, Media>> {
  if (!ids.size) return new Map()
  const found = await req.payload.find({ collection: MEDIA, where: { id: { in: [...ids] } }, depth: 0, pagination: false, req, overrideAccess: true })
  return new Map((found.docs as unknown as Media[]).map((doc) => [String(doc.id), doc]))
}

/**
 * beforeChange: the stored HTML of `description` (see descriptionFields). Images (upload nodes, which
 * hold a media ID) become `<img>` with the image's URL on `siteUrl`: Lexical's own converter needs the
 * populated document and rendered nothing; another site's image kept as sent (externalImageNode) is its
 * `<img>` again. Callers without unfiltered_html get it through the kses-like filter.
 */
export const renderDescriptionHtml = (siteUrl: string): CollectionBeforeChangeHook => async ({ data, req }) => {
  const state = data.description as SerializedEditorState | null | undefined
  if (!state?.root) {
    data.descriptionHtml = ''
    return data
  }
  const media = await mediaById(req, uploadIds(state.root as unknown as LexicalNode))
  const html = convertLexicalToHTML({
    data: state,
    disableContainer: true,
    converters: ({ defaultConverters }) => ({
      ...defaultConverters,
      upload: ({ node }) => {
        const doc = media.get(String(relationId((node as LexicalNode).value)))
        if (!doc?.url) return ''
        const size = `${doc.width ? ` width="${doc.width}"` : ''}${doc.height ? ` height="${doc.height}"` : ''}`
        // Absolute: the HTML is read by other sites' front ends.
        const src = new URL(doc.url, siteUrl).href
        return `<img src="${attribute(src)}" alt="${attribute(doc.alt ?? '')}"${size} />`
      },
      link: (args) => {
        const image = (args.node as LexicalNode).externalImage
        if (image) return `<img src="${attribute(image.src)}" alt="${attribute(image.alt)}" />`
        const link = defaultConverters.link
        return typeof link === 'function' ? link(args) : (link ?? '')
      },
    }),
  }).trim()
  data.descriptionHtml = canUseUnfilteredHtml(req.user) ? html : sanitizeRichHtml(html)
  return data
}
