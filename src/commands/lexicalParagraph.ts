import type { Event } from '../payload-types.js'

/** A one-paragraph Lexical document, what the admin's rich-text editor stores for a description. */
export function lexicalParagraph(text: string): NonNullable<Event['description']> {
  return {
    root: {
      type: 'root', format: '', indent: 0, version: 1, direction: 'ltr',
      children: [{ type: 'paragraph', format: '', indent: 0, version: 1, direction: 'ltr', textFormat: 0, children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }] }],
    },
  }
}
