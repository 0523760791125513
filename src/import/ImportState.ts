import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type ImportKind = 'categories' | 'tags' | 'venues' | 'organizers' | 'events' | 'media' | 'users'

interface StateFile {
  site: string
  /** Per kind: source ID → [ID here, fingerprint of the source record last written]. */
  records: Partial<Record<ImportKind, Record<string, [number, string]>>>
  /** Per kind: the last page fully written in the run under way. */
  pages: Partial<Record<ImportKind, number>>
  /** The page size those pages were read with (another size starts the run over). */
  perPage?: number
}

/**
 * What an import of one site into one database remembers between runs, in DATA_DIR/imports: which
 * record here each source record became (so a re-run updates instead of duplicating, and only what
 * changed) and how far the run under way got (so an interrupted one resumes at its next page).
 * Written whole to a temporary file and renamed after every page: a crash leaves the previous page's.
 */
export class ImportState {
  /** While a page is written in one transaction: what remember() replaced, to undo on its rollback. */
  private journal?: Array<[ImportKind, string, [number, string] | undefined]>

  private constructor(
    readonly file: string,
    private data: StateFile,
  ) {}

  static async open(dataDir: string, site: string, databaseUri: string): Promise<ImportState> {
    const key = createHash('sha256').update(`${site}\n${databaseUri}`).digest('hex').slice(0, 16)
    const file = path.join(dataDir, 'imports', `tec-${key}.json`)
    let data: StateFile = { site, records: {}, pages: {} }
    try {
      data = JSON.parse(await readFile(file, 'utf8')) as StateFile
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    return new ImportState(file, data)
  }

  target(kind: ImportKind, sourceId: number | string): number | undefined {
    return this.data.records[kind]?.[String(sourceId)]?.[0]
  }

  fingerprint(kind: ImportKind, sourceId: number | string): string | undefined {
    return this.data.records[kind]?.[String(sourceId)]?.[1]
  }

  remember(kind: ImportKind, sourceId: number | string, targetId: number, fingerprint: string): void {
    const records = (this.data.records[kind] ??= {})
    this.journal?.push([kind, String(sourceId), records[String(sourceId)]])
    records[String(sourceId)] = [targetId, fingerprint]
  }

  /** Starts recording what remember() changes, for rollback(); commit() or rollback() ends it. */
  begin(): void {
    this.journal = []
  }

  commit(): void {
    this.journal = undefined
  }

  /** Forgets what was remembered since begin(): the database rolled those writes back. */
  rollback(): void {
    for (const [kind, key, previous] of (this.journal ?? []).reverse()) {
      const records = this.data.records[kind]!
      if (previous) records[key] = previous
      else delete records[key]
    }
    this.journal = undefined
  }

  /** Pages of `kind` already written by the run under way (0: start at page 1). */
  pagesDone(kind: ImportKind, perPage: number): number {
    return this.data.perPage === perPage ? (this.data.pages[kind] ?? 0) : 0
  }

  async pageDone(kind: ImportKind, page: number, perPage: number): Promise<void> {
    if (this.data.perPage !== perPage) this.data.pages = {}
    this.data.perPage = perPage
    this.data.pages[kind] = page
    await this.save()
  }

  /** The run completed: the next one reads every page again (to pick up changes). */
  async finished(): Promise<void> {
    this.data.pages = {}
    await this.save()
  }

  async save(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(this.data))
    await rename(temporary, this.file)
  }
}
