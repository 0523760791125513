// The shape of what `npm run bench` measures and writes to bench/results-<database>-<events>.json, which
// `npm run bench:tables` reads back.
import type { Budget } from './budgets.js'
import type { InstancesResult } from './instances.js'
import type { RoutePlans } from './queryPlans.js'
import type { RecurringResult } from './recurringEvents.js'
import type { SoakResult } from './soak.js'
import type { StartupResult } from './startupTimes.js'
import type { ScalingRow } from './workerScaling.js'

/** One route under autocannon. */
export interface Measurement {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  rssMiB: number
}

/** One route of the reads, in each server configuration it was measured in. */
export interface Row {
  route: string
  /** Response cache on, asked for a compressed answer. */
  warm?: Measurement
  /** Response cache on, no Accept-Encoding. */
  warmIdentity?: Measurement
  cold?: Measurement
  coldAlone?: Measurement
  /** Every cache off. */
  bare?: Measurement
  warmRatioToCeiling?: number
}

export interface FilteredRow {
  route: string
  path: string
  coldAlone: Measurement
  bareAlone: Measurement
}

/** The JSON file of one run. */
export interface BenchResults {
  date: string
  database: 'sqlite' | 'postgres'
  events: number
  connections: number
  durationSeconds: number
  machine: { cpus: number; model: string; memoryGiB: number; node: string }
  ceiling: Measurement
  routes: Row[]
  filtered: FilteredRow[]
  queryPlans: RoutePlans[]
  /** The benchmark process's peak resident memory (VmHWM) once it has seeded the events. */
  seeding?: { peakRssMiB: number }
  writes: { one: Measurement; many: Measurement; created: number; listed: number; /** The server's CPU time per write (absent in older files). */ cpuMsPerWrite?: { one: number; many: number } }
  soak?: SoakResult
  workerScaling?: ScalingRow[]
  instances?: InstancesResult
  /** Recurring events (--occurrences N), measured last on fresh servers. */
  recurring?: RecurringResult
  /** `npm start` and CLI wall-clock times (--startup-runs N; left out when the admin was not built). */
  startup?: StartupResult
  budgets: Budget[]
}
