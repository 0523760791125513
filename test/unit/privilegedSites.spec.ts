import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'

// Every Local API call of endpoints/ past access control is listed, with why, in one file
// (endpoints/data/privileged.ts): the others spread pastAccess('<site>') instead of the flag.

const ROOT = path.resolve(import.meta.dirname, '../..')
const PRIVILEGED = 'endpoints/data/privileged.ts'

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sources(relative)
    return entry.name.endsWith('.ts') ? [relative] : []
  })
}

describe('reads and writes past access control', () => {
  const files = sources('endpoints')
  const text = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]))

  it('are made only through pastAccess, nowhere with the flag itself', () => {
    const flagged = files.filter((file) => file !== PRIVILEGED && /overrideAccess:\s*true/.test(text.get(file)!))
    expect(flagged).toEqual([])
  })

  it('each listed site is used, where the list says', () => {
    const listed = [...text.get(PRIVILEGED)!.matchAll(/\/\*\* (\S+\.ts) \*\/\n\s+(\w+):/g)].map(([, file, site]) => [file!, site!] as const)
    expect(listed.length).toBeGreaterThan(0)
    for (const [file, site] of listed) expect([file, text.get(`endpoints/${file}`)?.includes(`pastAccess('${site}')`)]).toEqual([file, true])
  })
})
