// `NODE_OPTIONS=--import <this file>`: a server whose Next takes SLOW_NEXT_MS (4 s by default) longer
// to load, so a test sees what a start looks like while the admin is still starting.
import { register } from 'node:module'

register('./slowNextHooks.mjs', import.meta.url)
