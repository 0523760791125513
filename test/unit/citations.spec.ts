import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// Every "reference 6.3", "reference section 10" and "decisions section 7" in the code, the tests and the
// README must lead to a section of docs/, and every "deliberate difference N" (or its older form 6.N) to
// item N of the README's list, the one list of them (decisions section 6 points there).

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['src', 'collections', 'endpoints', 'bench', 'test', 'migrations']
const SKIP = new Set(['node_modules', '.next'])

function sources(): string[] {
  const files = [path.join(ROOT, 'README.md')]
  for (const folder of FOLDERS) {
    const entries = readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name)
      if (entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name) && !path.relative(ROOT, file).split(path.sep).some((part) => SKIP.has(part))) files.push(file)
    }
  }
  return files
}

interface Citation {
  where: string
  kind: 'reference' | 'decisions' | 'difference' | 'readme difference'
  number: string
}

function citations(): Citation[] {
  const found: Citation[] = []
  const patterns: Array<[Citation['kind'], RegExp]> = [
    ['reference', /\breference (?:section )?(\d+(?:\.\d+)?)\b/gi],
    ['decisions', /\bdecisions section (\d+)\b/gi],
    ['difference', /\bdeliberate difference (6\.\d+)\b/gi],
    ['readme difference', /\bdeliberate difference (\d+)\b(?!\.\d)/gi],
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
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const readmeDifferences = readme.slice(readme.indexOf('## Deliberate differences from the reference'))

/** The headings of a document by number: "## 5. Events…" is 5, "### 5.1 Parameters" is 5.1. */
function headingNumbers(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!))
}

/** Whether the README's list of deliberate differences has an item N. */
function readmeItem(n: string): boolean {
  return new RegExp(`^${n}\\. \\*\\*`, 'm').test(readmeDifferences)
}

function resolves(citation: Citation): boolean {
  switch (citation.kind) {
    case 'reference':
      return headingNumbers(reference).has(citation.number)
    case 'decisions':
      return headingNumbers(decisions).has(citation.number)
    case 'difference':
      return readmeItem(citation.number.slice('6.'.length))
    case 'readme difference':
      return readmeItem(citation.number)
  }
}

describe('citations of docs/', () => {
  const all = citations()

  it('finds the citations the comments make', () => {
    expect(all.filter((c) => c.kind === 'reference').length).toBeGreaterThan(100)
    expect(all.filter((c) => c.kind === 'decisions').length).toBeGreaterThan(0)
    expect(all.filter((c) => c.kind === 'difference').length).toBeGreaterThan(0)
    expect(all.some((c) => c.where.startsWith('README.md'))).toBe(true)
  })

  it('resolves every one to a section', () => {
    expect(all.filter((c) => !resolves(c))).toEqual([])
  })

  it('numbers the documents’ sections the way the citations read them', () => {
    for (const n of ['1.1', '5', '5.1', '6.7', '9.4', '10', '14']) expect([n, headingNumbers(reference).has(n)]).toEqual([n, true])
    for (const n of ['5', '6', '7', '8']) expect([n, headingNumbers(decisions).has(n)]).toEqual([n, true])
    // A citation of a missing section is caught.
    expect(resolves({ where: 'x', kind: 'reference', number: '6.99' })).toBe(false)
    expect(resolves({ where: 'x', kind: 'difference', number: '6.99' })).toBe(false)
    expect(resolves({ where: 'x', kind: 'readme difference', number: '99' })).toBe(false)
    // 6.N and N name the same item of the README's list.
    for (const n of ['1', '10', '19']) expect([n, resolves({ where: 'x', kind: 'difference', number: `6.${n}` }), readmeItem(n)]).toEqual([n, true, true])
  })
})
