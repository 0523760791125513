import type { Term } from '../../data/documents.js'
import { relationId } from '../../../collections/relationIds.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { mayWriteTerms } from '../../permissions/index.js'

/**
 * `_links` of a single term, in WordPress's shape but pointing at this namespace's routes (reference
 * 9.2 and 14.11): self with the methods the caller may use on it, the collection, the parent as
 * `up`, and the events filed under the term as `wp:post_type`.
 */
export function termLinks(term: Term, tax: TaxonomyDef, ctx: SerializeContext) {
  const collection = `${ctx.base}/${tax.route}`
  const parent = relationId(term.parent)
  // Registration order of /<taxonomy>/<id> (reference 1.4): GET, POST, PUT, PATCH, DELETE.
  const allow = mayWriteTerms(ctx) ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET']
  return {
    self: [{ href: `${collection}/${term.id}`, targetHints: { allow } }],
    collection: [{ href: collection }],
    ...(parent ? { up: [{ embeddable: true, href: `${collection}/${parent}` }] } : {}),
    'wp:post_type': [{ href: `${ctx.base}/events?${tax.route}=${term.id}` }],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  }
}
