import type { AreaCatalog } from '../translate.js'

// Descriptions of the terms routes' parameters, keyed by the English text where they are declared.
export const terms: AreaCatalog = { fr: {}, de: {}, es: {} }
