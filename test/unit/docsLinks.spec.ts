import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ENV_NAMES } from '../../src/env.js'
import { ROOT, codeFiles, markdownFiles } from '../helpers/repositoryFiles.js'

// The documentation holds together: every relative link of README.md and docs/*.md reaches a file (and,
// with an #anchor, a heading of it), every numbered citation of a deliberate difference names an item of
// docs/api.md's one list, every docs page a comment names exists (with the section it names), and the
// configuration table of docs/operations.md lists every variable src/env.ts reads.

const SELF = path.join(ROOT, 'test/unit/docsLinks.spec.ts')
const relative = (file: string) => path.relative(ROOT, file)
const read = (file: string) => readFileSync(file, 'utf8')

/** The lines of a markdown text outside fenced code blocks, with their numbers. */
function proseLines(markdown: string): Array<[number, string]> {
  const lines: Array<[number, string]> = []
  let fenced = false
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    else if (!fenced) lines.push([i + 1, line])
  })
  return lines
}

/** GitHub's anchor for a heading: its text, lower case, without punctuation, spaces as hyphens. */
function githubSlug(heading: string): string {
  const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-')
}

/** The headings of a markdown text, as written. */
function headings(markdown: string): string[] {
  return proseLines(markdown).flatMap(([, line]) => {
    const match = /^#{1,6} (.+?)\s*#*\s*$/.exec(line)
    return match ? [match[1]!] : []
  })
}

/** The anchors GitHub gives a markdown text's headings (a repeated one gets -1, -2…). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const heading of headings(markdown)) {
    const slug = githubSlug(heading)
    const count = seen.get(slug) ?? 0
    result.add(count === 0 ? slug : `${slug}-${count}`)
    seen.set(slug, count + 1)
  }
  return result
}

interface Link {
  where: string
  from: string
  target: string
}

function links(): Link[] {
  const found: Link[] = []
  for (const file of markdownFiles()) {
    for (const [n, line] of proseLines(read(file))) {
      const prose = line.replace(/`[^`]*`/g, '')
      for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!
        if (!/^[a-z]+:/i.test(target)) found.push({ where: `${relative(file)}:${n}`, from: file, target })
      }
    }
  }
  return found
}

/** Why a link leads nowhere, or null when it resolves. */
function brokenLink(link: Link): string | null {
  const [filePart, anchor] = link.target.split('#') as [string, string | undefined]
  const file = filePart ? path.resolve(path.dirname(link.from), decodeURIComponent(filePart)) : link.from
  if (!existsSync(file)) return `no file ${relative(file)}`
  if (anchor === undefined) return null
  if (!file.endsWith('.md')) return `an anchor into ${relative(file)}, which is not markdown`
  return anchors(read(file)).has(anchor) ? null : `no heading #${anchor} in ${relative(file)}`
}

const api = read(path.join(ROOT, 'docs/api.md'))
const differencesSection = api.slice(api.indexOf('\n## Deliberate differences from the reference'))
const differences = differencesSection.slice(0, differencesSection.indexOf('\n## ', 1) > 0 ? differencesSection.indexOf('\n## ', 1) : undefined)
/** The item numbers of docs/api.md's list of deliberate differences, in order. */
const items = [...differences.matchAll(/^(\d+)\. \*\*/gm)].map((m) => m[1]!)

interface Citation {
  where: string
  number: string
}

/** Every "deliberate difference N" in the code, the tests, the documentation and CI's script. */
function differenceCitations(): Citation[] {
  const files = [...markdownFiles(), ...codeFiles().filter((f) => f !== SELF), path.join(ROOT, '.env.example'), path.join(ROOT, '.ci/run')]
  const found: Citation[] = []
  for (const file of files.filter((f) => existsSync(f))) {
    read(file).split('\n').forEach((line, i) => {
      for (const match of line.matchAll(/\bdeliberate difference (\d+(?:\.\d+)?)\b/gi)) found.push({ where: `${relative(file)}:${i + 1}`, number: match[1]! })
    })
  }
  return found
}

/** Every "docs/<page>.md" a code comment names, with the section after a comma when it names one. */
function pageCitations(): Array<{ where: string; page: string; section?: string }> {
  const found: Array<{ where: string; page: string; section?: string }> = []
  for (const file of [...codeFiles().filter((f) => f !== SELF), path.join(ROOT, '.env.example'), path.join(ROOT, '.ci/run')].filter((f) => existsSync(f))) {
    read(file).split('\n').forEach((line, i) => {
      for (const match of line.matchAll(/\bdocs\/([\w-]+\.md)(?:, ([A-Z][\w'/ -]*\w))?/g)) {
        found.push({ where: `${relative(file)}:${i + 1}`, page: match[1]!, section: match[2] })
      }
    })
  }
  return found
}

const FOLDERS = ['', 'lib/', 'src/', 'collections/', 'endpoints/', 'test/', 'bench/']

/** The paths of code the documentation names in backticks: `endpoints/data/index.ts`, `hooks/x.ts`… */
function codePaths(): Array<{ where: string; named: string }> {
  const found: Array<{ where: string; named: string }> = []
  for (const file of markdownFiles()) {
    for (const [n, line] of proseLines(read(file))) {
      for (const match of line.matchAll(/`([^`\s]+)`/g)) {
        const named = match[1]!
        const rooted = /^(lib|src|collections|endpoints|test|bench|migrations|\.ci)\/[\w./()-]*$/.test(named)
        if (rooted || /^[\w-]+(\/[\w.-]+)+\.(ts|tsx|mjs|js)$/.test(named)) found.push({ where: `${relative(file)}:${n}`, named })
      }
    }
  }
  return found
}

/** Whether a named path is a file or folder of the repository, from its root or from a code folder. */
function exists(named: string): boolean {
  return FOLDERS.some((folder) => ['', '.ts'].some((ext) => existsSync(path.join(ROOT, folder + named + ext))))
}

/** The variables the configuration table of docs/operations.md names in its first column. */
function documentedVariables(): string[] {
  const operations = read(path.join(ROOT, 'docs/operations.md'))
  const from = operations.indexOf('\n## Configuration')
  const section = operations.slice(from, operations.indexOf('\n## ', from + 1))
  return [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((v) => v[1]!))
}

describe('links of README.md and docs/', () => {
  const all = links()

  it('finds the links, anchors included', () => {
    expect(all.length).toBeGreaterThan(50)
    expect(all.filter((l) => l.target.includes('#')).length).toBeGreaterThan(30)
    expect(all.some((l) => l.where.startsWith('README.md'))).toBe(true)
  })

  it('resolves every one to a file and a heading', () => {
    expect(all.map((l) => ({ ...l, broken: brokenLink(l) })).filter((l) => l.broken).map(({ where, target, broken }) => ({ where, target, broken }))).toEqual([])
  })

  it('makes anchors as GitHub does, and catches a missing one', () => {
    expect(githubSlug('What /doc promises, and how the tests hold it to that')).toBe('what-doc-promises-and-how-the-tests-hold-it-to-that')
    expect(githubSlug('6. Deliberate differences from the reference wire format')).toBe('6-deliberate-differences-from-the-reference-wire-format')
    expect(githubSlug('Page sizes on /api and GraphQL')).toBe('page-sizes-on-api-and-graphql')
    expect(githubSlug('E-mail')).toBe('e-mail')
    const from = path.join(ROOT, 'README.md')
    expect(brokenLink({ where: 'x', from, target: 'docs/api.md#dates-accepted' })).toBeNull()
    expect(brokenLink({ where: 'x', from, target: 'docs/api.md#no-such-heading' })).toMatch(/no heading/)
    expect(brokenLink({ where: 'x', from, target: 'docs/nothing.md' })).toMatch(/no file/)
  })
})

describe('citations of the deliberate differences', () => {
  const all = differenceCitations()

  it('reads one numbered list in docs/api.md, numbered from 1 without gaps', () => {
    expect(items.length).toBeGreaterThan(15)
    expect(items).toEqual(items.map((_, i) => String(i + 1)))
  })

  it('finds the citations in code, tests and documents', () => {
    expect(all.length).toBeGreaterThan(20)
    for (const folder of ['endpoints/', 'test/', 'docs/']) expect([folder, all.some((c) => c.where.startsWith(folder))]).toEqual([folder, true])
  })

  it('cites only items of that list', () => {
    expect(all.filter((c) => !items.includes(c.number))).toEqual([])
  })
})

describe('docs pages the code names', () => {
  it('exist, with the sections they name', () => {
    const cited = pageCitations()
    expect(cited.length).toBeGreaterThan(10)
    const broken = cited.filter(({ page, section }) => {
      const file = path.join(ROOT, 'docs', page)
      return !existsSync(file) || (section !== undefined && !headings(read(file)).includes(section))
    })
    expect(broken).toEqual([])
  })
})

describe('code the documentation names', () => {
  it('exists where the documentation says', () => {
    const named = codePaths()
    expect(named.length).toBeGreaterThan(100)
    expect(named.filter((n) => !exists(n.named))).toEqual([])
    expect(exists('endpoints/no/such/file.ts')).toBe(false)
  })
})

describe('the configuration table of docs/operations.md', () => {
  const documented = documentedVariables()

  it('lists every variable src/env.ts reads, and only those', () => {
    expect(ENV_NAMES.length).toBeGreaterThan(30)
    expect(ENV_NAMES.filter((name) => !documented.includes(name))).toEqual([])
    // ENV_FILE names the settings file itself, so src/env.ts reads it before the variables.
    const envSource = read(path.join(ROOT, 'src/env.ts'))
    expect(documented.filter((name) => !ENV_NAMES.includes(name) && !envSource.includes(`.${name}`))).toEqual([])
  })
})

describe('the benchmark tables', () => {
  it('have one block in docs/performance.md for `npm run bench:tables -- --into`', () => {
    const page = read(path.join(ROOT, 'docs/performance.md'))
    expect(page.split('<!-- bench:begin -->').length).toBe(2)
    expect(page.indexOf('<!-- bench:end -->')).toBeGreaterThan(page.indexOf('<!-- bench:begin -->'))
  })
})
