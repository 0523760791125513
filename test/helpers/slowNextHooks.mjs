// Module hooks (run on Node's loader thread): the `next` package resolves SLOW_NEXT_MS later, as if
// its modules took that long to load. Registered by slowNext.mjs.
import process from 'node:process'
import { setTimeout } from 'node:timers/promises'

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'next') await setTimeout(Number(process.env.SLOW_NEXT_MS ?? 4000))
  return nextResolve(specifier, context)
}
