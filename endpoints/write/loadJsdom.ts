import type { JSDOM } from 'jsdom'

let loading: Promise<typeof JSDOM> | undefined

/**
 * jsdom, loaded on first use: about 500 modules, half a second of a server's start-up before the
 * namespace could answer, for what only writes with HTML need. The server loads it once it serves
 * (src/startServer.ts), so a first write does not wait for it either.
 */
export function loadJsdom(): Promise<typeof JSDOM> {
  return (loading ??= import('jsdom').then((module) => module.JSDOM))
}
