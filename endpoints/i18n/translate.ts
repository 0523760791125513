import { de } from './catalogs/de.js'
import { es } from './catalogs/es.js'
import { fr } from './catalogs/fr.js'

/**
 * Message catalogs keyed by the English source text, as WordPress's __() is: every description and
 * error message is written once in English where it is declared, and translated on the way out.
 * English needs no catalog; a language without one falls back to English.
 */
export const CATALOGS: Record<string, Readonly<Record<string, string>>> = { fr, de, es }

export function translate(text: string, locale: string): string {
  return CATALOGS[locale]?.[text] ?? text
}
