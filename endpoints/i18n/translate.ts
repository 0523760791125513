import { changes } from './catalogs/changes.js'
import { de } from './catalogs/de.js'
import { docs } from './catalogs/docs.js'
import { errors } from './catalogs/errors.js'
import { es } from './catalogs/es.js'
import { events } from './catalogs/events.js'
import { eventWrites } from './catalogs/eventWrites.js'
import { fr } from './catalogs/fr.js'
import { linked } from './catalogs/linked.js'
import { terms } from './catalogs/terms.js'

/** One area's translations (a route family's descriptions and messages), per language. */
export type AreaCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>

// Each area keeps its own file so route families can be translated independently.
const AREAS: AreaCatalog[] = [{ fr, de, es }, docs, errors, events, eventWrites, linked, terms, changes]

/**
 * Message catalogs keyed by the English source text, as WordPress's __() is: every description and
 * error message is written once in English where it is declared, and translated on the way out.
 * English needs no catalog; a language without one falls back to English.
 */
export const CATALOGS: Record<string, Readonly<Record<string, string>>> = {}
for (const area of AREAS) {
  for (const [locale, entries] of Object.entries(area)) CATALOGS[locale] = { ...CATALOGS[locale], ...entries }
}

export function translate(text: string, locale: string): string {
  return CATALOGS[locale]?.[text] ?? text
}
