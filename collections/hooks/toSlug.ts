import slugify from 'slugify'

/**
 * WordPress-style slug (sanitize_title): accents folded, lowercase, every run of other characters
 * to one dash. Like WordPress, symbols such as "&" are dropped rather than spelled out.
 */
export function toSlug(text: string): string {
  const folded = slugify(text.replace(/[^\p{L}\p{N}]+/gu, ' '), { lower: true, strict: false, trim: true, replacement: ' ' })
  return folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
}
