import { RestError } from '../../errors/RestError.js'
import type { EndpointInput } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * Tags declare no `parent`, yet WordPress still reads one sent anyway and refuses it (reference 9.3):
 * 400 rest_taxonomy_not_hierarchical, after the permission check like every handler error.
 */
export function refuseParentOfTag(tax: TaxonomyDef, input: EndpointInput): void {
  const parent = input.raw.parent
  if (!tax.hierarchical && parent !== undefined && parent !== null) throw new RestError('rest_taxonomy_not_hierarchical', 400)
}
