import slugify from 'slugify'

/** WordPress-style slug: lowercase, accents folded, anything else to single dashes. */
export function toSlug(text: string): string {
  const slug = slugify(text, { lower: true, strict: true, trim: true })
  return slug.replace(/-+/g, '-').replace(/^-|-$/g, '')
}
