import { readFile, stat } from 'node:fs/promises'
import { DownloadError, readCapped, requestFollowing } from '../../endpoints/write/downloadImage.js'

/** Why a calendar could not be read: one line for the CLI. */
export class CalendarSourceError extends Error {}

/**
 * The text of an iCalendar file or http(s) URL, at most `maxBytes`. A URL goes through the image
 * downloads' fetch: public addresses only (checked at connect time), redirects re-checked, a byte cap
 * while streaming, connect and total timeouts.
 */
export async function readCalendarSource(source: string, limits: { maxBytes: number; allowPrivateHosts: boolean }): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    const url = new URL(source)
    const signal = AbortSignal.timeout(60_000)
    try {
      const { res } = await requestFollowing(url, 'GET', { ...limits, accept: 'text/calendar, */*;q=0.5' }, signal)
      if (res.statusCode !== 200) {
        res.destroy()
        throw new CalendarSourceError(`${source} answered ${res.statusCode}`)
      }
      return (await readCapped(res, limits.maxBytes)).toString('utf8')
    } catch (error) {
      if (error instanceof CalendarSourceError) throw error
      const reason = error instanceof DownloadError ? error.message : (error as Error).message
      throw new CalendarSourceError(`cannot download ${source}: ${reason}`)
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) throw new CalendarSourceError(`${source}: only files and http(s) URLs can be imported`)
  let size: number
  try {
    size = (await stat(source)).size
  } catch (error) {
    throw new CalendarSourceError(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  if (size > limits.maxBytes) throw new CalendarSourceError(`${source} has ${size} bytes, more than the ${limits.maxBytes} allowed (MAX_UPLOAD_BYTES)`)
  return readFile(source, 'utf8')
}
