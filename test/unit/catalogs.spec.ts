import { describe, expect, it } from '@jest/globals'
import { CATALOGS } from '../../endpoints/i18n/translate.js'
import { declaredStrings } from '../helpers/declaredStrings.js'

const placeholders = (text: string) => text.match(/%[sd]/g) ?? []

describe.each(Object.keys(CATALOGS))('the %s catalog', (locale) => {
  const catalog = CATALOGS[locale]!

  it('translates every message, description and document text', () => {
    const missing = [...declaredStrings()].filter((text) => !catalog[text])
    expect(missing).toEqual([])
  })

  it('keeps the placeholders of every message, in order', () => {
    const broken = Object.entries(catalog).filter(([en, tr]) => placeholders(en).join() !== placeholders(tr).join())
    expect(broken).toEqual([])
  })

  it('has no entries for texts the API no longer emits', () => {
    const declared = declaredStrings()
    expect(Object.keys(catalog).filter((text) => !declared.has(text))).toEqual([])
  })
})
