import { COMPONENT_SCHEMAS } from '../../endpoints/openapi/schemas.js'
import { DOC_TEXTS, SECURITY_SCHEMES } from '../../endpoints/openapi/openApiDocument.js'
import { MESSAGES } from '../../endpoints/errors/messages.js'
import { ROUTES } from '../../endpoints/routes.js'

/** Every English text the API can emit: parameter and schema descriptions, document texts, error messages. */
export function declaredStrings(): Set<string> {
  const strings = new Set<string>()
  for (const route of ROUTES)
    for (const endpoint of route.endpoints)
      for (const spec of Object.values(endpoint.params)) if (spec.description) strings.add(spec.description)
  JSON.stringify(COMPONENT_SCHEMAS, (key, value) => {
    if (key === 'description' && typeof value === 'string') strings.add(value)
    return value
  })
  for (const text of Object.values(DOC_TEXTS)) strings.add(text)
  for (const scheme of Object.values(SECURITY_SCHEMES)) strings.add(scheme.description)
  for (const text of Object.values(MESSAGES)) strings.add(text)
  return strings
}
