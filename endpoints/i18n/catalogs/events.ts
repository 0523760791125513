import type { AreaCatalog } from '../translate.js'

// Descriptions of the events routes' parameters, keyed by the English text where they are declared.
export const events: AreaCatalog = { fr: {}, de: {}, es: {} }
