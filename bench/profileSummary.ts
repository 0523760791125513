// `node --import tsx bench/profileSummary.ts <file.cpuprofile> [rows]`: where a V8 CPU profile's time
// went, by self time: per package or project folder, then per function.
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, rowsArg] = process.argv.slice(2)
if (!file) throw new Error('usage: bench/profileSummary.ts <file.cpuprofile> [rows]')
const rows = Number(rowsArg ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))

/** node_modules/<package> (scoped too), a project folder, or what V8 calls it. */
function area(url: string): string {
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)
  if (modules) return modules[modules.length - 1]!.replace('node_modules/', '')
  const project = url.match(/\/(src|endpoints|collections|bench)\/[^/]+/)
  if (project) return project[0].slice(1)
  if (url.startsWith('node:')) return 'node'
  return url ? url : '(V8: garbage collection, native)'
}

const selfByArea = new Map<string, number>()
const selfByFunction = new Map<string, number>()
let total = 0
let idle = 0
profile.samples.forEach((id, i) => {
  const node = byId.get(id)
  const delta = profile.timeDeltas[i] ?? 0
  if (!node) return
  // Waiting for work is not work: shares are of the busy time.
  if (node.callFrame.functionName === '(idle)') {
    idle += delta
    return
  }
  total += delta
  const { functionName, url, lineNumber } = node.callFrame
  const where = area(url)
  selfByArea.set(where, (selfByArea.get(where) ?? 0) + delta)
  const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta)
})

const show = (map: Map<string, number>) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, rows).map(([name, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`).join('\n')
process.stdout.write(`${(total / 1e6).toFixed(1)} s busy (${(idle / 1e6).toFixed(1)} s idle)\n\nSelf time by package or folder:\n${show(selfByArea)}\n\nSelf time by function:\n${show(selfByFunction)}\n`)
