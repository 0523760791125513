import cliProgress from 'cli-progress'

export interface KindCounts {
  created: number
  updated: number
  unchanged: number
  failed: number
}

/**
 * A bar per kind (count, rate, ETA) on a terminal; on anything else (a log, a pipe) one plain line per
 * page, so a log shows how far an import got without control characters.
 */
export class ImportProgress {
  private readonly multibar?: cliProgress.MultiBar
  private readonly bars = new Map<string, cliProgress.SingleBar>()
  private readonly started = new Map<string, number>()
  private readonly done = new Map<string, number>()

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    if (stream.isTTY) {
      this.multibar = new cliProgress.MultiBar(
        {
          stream,
          format: '{kind} |{bar}| {value}/{total} {rate}/s ETA {eta_formatted}',
          hideCursor: true,
          clearOnComplete: false,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      )
    }
  }

  start(kind: string, total: number, already: number): void {
    this.started.set(kind, performance.now())
    this.done.set(kind, already)
    if (this.multibar) this.bars.set(kind, this.multibar.create(total, already, { kind: kind.padEnd(10), rate: '0' }))
    else this.stream.write(`${kind}: ${total} to read${already ? `, resuming after ${already}` : ''}\n`)
  }

  advance(kind: string, count: number, total: number): void {
    const done = (this.done.get(kind) ?? 0) + count
    this.done.set(kind, done)
    const seconds = (performance.now() - (this.started.get(kind) ?? performance.now())) / 1000
    const rate = seconds > 0 ? (done / seconds).toFixed(1) : '0'
    const bar = this.bars.get(kind)
    if (bar) bar.update(done, { rate })
    else this.stream.write(`${kind}: ${done}/${total} (${rate}/s)\n`)
  }

  /**
   * Writes a line above the bars while they show (cli-progress redraws them below it) and answers
   * true; false without bars, for the caller to write it: a line written between redraws breaks them.
   */
  log(line: string): boolean {
    if (!this.multibar?.isActive) return false
    this.multibar.log(`${line}\n`)
    return true
  }

  stop(): void {
    // A redraw first writes the lines logged since the last one; stop() alone would drop them.
    if (this.multibar?.isActive) this.multibar.update()
    this.multibar?.stop()
  }
}
