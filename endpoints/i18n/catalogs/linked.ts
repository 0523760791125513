import type { AreaCatalog } from '../translate.js'

// Descriptions of the linked routes' parameters, keyed by the English text where they are declared.
export const linked: AreaCatalog = { fr: {}, de: {}, es: {} }
