import { readFileSync } from 'node:fs'
import { Router } from 'express'

const ICON = readFileSync(new URL('./favicon.svg', import.meta.url))

/**
 * The site's icon at /favicon.svg (named by the admin's pages) and /favicon.ico (which browsers ask
 * for on their own): without it every admin page logs a failed request in the browser's console.
 */
export function faviconRouter(): Router {
  const router = Router()
  router.get(['/favicon.svg', '/favicon.ico'], (_req, res) => {
    res.set({ 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }).send(ICON)
  })
  return router
}
