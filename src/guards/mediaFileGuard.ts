import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

/**
 * GET/HEAD <api>/<upload collection>/file/<name> for a file that is not there. Payload answers a
 * missing file 500 and logs it at error level, and a NUL byte in the name throws: a cheap way to fill
 * the error log. Here, before Next: a name that cannot be decoded, holds a NUL or a path separator,
 * or leaves the collection's directory is 400 `Invalid filename.`, a file not on disk 404, both in
 * Payload's envelope; a file that exists goes on to Payload, served (with its access check) as before.
 */
export function mediaFileGuard(payload: Payload) {
  const api = payload.config.routes.api
  const dirs = new Map(
    payload.config.collections
      .filter((c) => c.upload)
      .map((c) => [`${api}/${c.slug}/file/`, path.resolve((typeof c.upload === 'object' && c.upload.staticDir) || c.slug)]),
  )
  const refuse = (res: Response, status: number, message: string) => void res.status(status).set('Cache-Control', 'no-store').json({ errors: [{ message }] })
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const slash = req.path.lastIndexOf('/') + 1
    const dir = dirs.get(req.path.slice(0, slash))
    if (!dir) return next()
    let name: string
    try {
      name = decodeURIComponent(req.path.slice(slash))
    } catch {
      return refuse(res, 400, 'Invalid filename.')
    }
    const file = path.resolve(dir, name)
    if (!name || /[\0/\\]/.test(name) || path.dirname(file) !== dir) return refuse(res, 400, 'Invalid filename.')
    const found = await stat(file).catch(() => undefined)
    if (!found?.isFile()) return refuse(res, 404, 'Not Found')
    next()
  }
}
