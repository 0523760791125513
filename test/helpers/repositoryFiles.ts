import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

// The repository's own files, as the documentation checks read them: no database, no Payload.

export const ROOT = path.resolve(import.meta.dirname, '../..')
const CODE_FOLDERS = ['lib', 'src', 'collections', 'endpoints', 'bench', 'test', 'migrations']
const SKIP = new Set(['node_modules', '.next'])

/** Every source file of the code folders (TypeScript and JavaScript), absolute paths. */
export function codeFiles(): string[] {
  const files: string[] = []
  for (const folder of CODE_FOLDERS) {
    if (!existsSync(path.join(ROOT, folder))) continue
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name)
      if (entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name) && !path.relative(ROOT, file).split(path.sep).some((part) => SKIP.has(part))) files.push(file)
    }
  }
  return files
}

/** README.md and every page of docs/, absolute paths. */
export function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'))
  return [path.join(ROOT, 'README.md'), ...docs.map((name) => path.join(ROOT, 'docs', name))]
}
