import { parseArgs } from 'node:util'
import type { Payload } from 'payload'
import { CommandError } from './CommandError.js'

const OPTIONS = {
  seed: { type: 'string', default: '1' },
  events: { type: 'string', default: '300' },
  force: { type: 'boolean', default: false },
} as const

/** seed:demo's flags, checked before Payload boots. */
export function parseSeedDemoArgs(args: string[]): { seed: number; events: number; force: boolean } {
  let values
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new CommandError((error as Error).message.split('. ')[0])
  }
  const seed = Number(values.seed)
  const events = Number(values.events)
  if (!/^\d{1,9}$/.test(values.seed)) throw new CommandError('--seed must be a whole number')
  if (!/^\d{1,5}$/.test(values.events) || events < 10 || events > 10_000) throw new CommandError('--events must be a whole number from 10 to 10000')
  return { seed, events, force: values.force }
}

/** A progress line on stderr: a redrawn line on a terminal, every tenth otherwise (logs stay short). */
function progress(done: number, total: number): void {
  if (process.stderr.isTTY) process.stderr.write(`\rEvents ${done}/${total}${done === total ? '\n' : ''}`)
  else if (done === total || done % Math.ceil(total / 10) === 0) process.stderr.write(`Events ${done}/${total}\n`)
}

/** seed:demo: a demo calendar (see docs/operations.md, Demo calendar); refuses a second one unless --force. */
export async function seedDemoCommand(payload: () => Promise<Payload>, args: string[]): Promise<string> {
  const flags = parseSeedDemoArgs(args)
  const { countDemoEvents, seedDemoCalendar } = await import('./demo/seedDemoCalendar.js')
  const p = await payload()
  const already = await countDemoEvents(p)
  if (already && !flags.force) {
    throw new CommandError(`a demo calendar is already here (${already} events by the demo users); --force adds another set of events`)
  }
  const started = performance.now()
  const s = await seedDemoCalendar(p, { seed: flags.seed, events: flags.events, onProgress: progress })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const statuses = Object.entries(s.byStatus).sort().map(([k, n]) => `${n} ${k}`).join(', ')
  return [
    `Demo calendar (seed ${flags.seed}) in ${seconds} s: ${s.events} events (${statuses}) in ${s.zones.length} time zones (${s.zones.join(', ')}),`,
    `published ones from ${s.published.first} to ${s.published.last} (local dates), priced in each venue's currency,`,
    `${s.venues} venues, ${s.organizers} organizers, ${s.categories} categories, ${s.tags} tags, ${s.images} images.`,
    `Password-protected event ${s.protectedEvent.id} "${s.protectedEvent.title}": password ${s.protectedEvent.password}`,
    'Demo users:',
    ...s.users.map((u) => `  ${u.role.padEnd(12)} ${u.username.padEnd(18)} ${u.email.padEnd(30)} ${u.password ? `password ${u.password}` : '(existed; password unchanged, set one with users:set-password)'}`),
  ].join('\n')
}
