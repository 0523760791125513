import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { CollectionBeforeChangeHook } from 'payload'

/** beforeChange: the stored HTML of `description` (see descriptionFields). */
export const renderDescriptionHtml: CollectionBeforeChangeHook = ({ data }) => {
  const state = data.description as SerializedEditorState | null | undefined
  data.descriptionHtml = state?.root ? convertLexicalToHTML({ data: state, disableContainer: true }).trim() : ''
  return data
}
