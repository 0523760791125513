import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'

// Every Local API call of endpoints/ is made in its data module (endpoints/data/), and those past
// access control are listed, with why, in one file (endpoints/data/privileged.ts): they spread
// pastAccess('<site>') instead of the flag.

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

  it('every Local API call of endpoints/ is in endpoints/data/', () => {
    const outside = files.filter((file) => !file.startsWith('endpoints/data/') && /\bpayload\s*\.\s*(find|findByID|findDistinct|count|create|update|delete)\s*\(/.test(text.get(file)!))
    expect(outside).toEqual([])
  })

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
