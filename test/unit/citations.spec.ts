import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, codeFiles, markdownFiles } from '../helpers/repositoryFiles.js'

// Every "reference 6.3", "reference section 10" and "decisions section 7" in the code, the tests and the
// documentation must lead to a section of docs/. Citations of the deliberate differences are checked by
// docsLinks.spec.ts, with the links.

function sources(): string[] {
  return [...markdownFiles(), ...codeFiles()]
}

interface Citation {
  where: string
  kind: 'reference' | 'decisions'
  number: string
}

function citations(): Citation[] {
  const found: Citation[] = []
  const patterns: Array<[Citation['kind'], RegExp]> = [
    ['reference', /\breference (?:section )?(\d+(?:\.\d+)?)\b/gi],
    ['decisions', /\bdecisions section (\d+)\b/gi],
  ]
  for (const file of sources()) {
    const lines = readFileSync(file, 'utf8').split('\n')
    lines.forEach((line, i) => {
      for (const [kind, pattern] of patterns) {
        for (const match of line.matchAll(pattern)) found.push({ where: `${path.relative(ROOT, file)}:${i + 1}`, kind, number: match[1]! })
      }
    })
  }
  return found
}

const reference = readFileSync(path.join(ROOT, 'docs/reference.md'), 'utf8')
const decisions = readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8')

/** The headings of a document by number: "## 5. Events…" is 5, "### 5.1 Parameters" is 5.1. */
function headingNumbers(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!))
}

function resolves(citation: Citation): boolean {
  switch (citation.kind) {
    case 'reference':
      return headingNumbers(reference).has(citation.number)
    case 'decisions':
      return headingNumbers(decisions).has(citation.number)
  }
}

describe('citations of docs/', () => {
  const all = citations()

  it('finds the citations the comments make', () => {
    expect(all.filter((c) => c.kind === 'reference').length).toBeGreaterThan(100)
    expect(all.filter((c) => c.kind === 'decisions').length).toBeGreaterThan(0)
    // The documentation pages cite the reference too, and are read.
    expect(all.some((c) => c.where.startsWith('docs/api.md'))).toBe(true)
  })

  it('resolves every one to a section', () => {
    expect(all.filter((c) => !resolves(c))).toEqual([])
  })

  it('numbers the documents’ sections the way the citations read them', () => {
    for (const n of ['1.1', '5', '5.1', '6.7', '9.4', '10', '14']) expect([n, headingNumbers(reference).has(n)]).toEqual([n, true])
    for (const n of ['5', '6', '7', '8']) expect([n, headingNumbers(decisions).has(n)]).toEqual([n, true])
    // A citation of a missing section is caught.
    expect(resolves({ where: 'x', kind: 'reference', number: '6.99' })).toBe(false)
    expect(resolves({ where: 'x', kind: 'decisions', number: '99' })).toBe(false)
  })
})
