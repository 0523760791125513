import type { Field, FieldAccess } from 'payload'

const derived: FieldAccess = () => false

/**
 * A rich-text description for editors, plus its HTML rendering kept beside it (renderDescriptionHtml
 * fills it on every save) so list responses and searches never convert rich text per item.
 */
export function descriptionFields(readAccess?: FieldAccess): Field[] {
  const access = readAccess ? { read: readAccess } : {}
  return [
    { name: 'description', type: 'richText', access },
    {
      name: 'descriptionHtml',
      type: 'textarea',
      access: { ...access, create: derived, update: derived },
      admin: { hidden: true },
    },
  ]
}
