import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Forks a TypeScript entry in production mode and resolves once it reports { ready: true }. */
export function startChild(entry: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, args, {
      execArgv: [...nodeFlags, '--conditions=production', '--import', 'tsx'],
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    child.once('message', () => resolve(child))
    child.once('exit', (code) => reject(new Error(`${entry} exited with code ${code} before it was ready`)))
    child.once('error', reject)
  })
}

/** Resident set size of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** Peak resident set size of a process in MiB (VmHWM, from /proc on Linux). */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** User and system CPU time a process has used, in milliseconds (/proc/<pid>/stat, in ticks of 1/100 s). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
