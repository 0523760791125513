import type { BrowserContext, Page, Request } from 'playwright-core'

// Playwright's 'networkidle' is reached once per navigation and then resolves at once, so it cannot
// tell whether the admin's form-state request, sent while typing, is still on its way. This counts
// each page's requests itself.

const pending = new WeakMap<Page, Set<Request>>()

/** The page a request comes from; none for a service worker's. */
function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page()
  } catch {
    return undefined
  }
}

function requestsOf(page: Page): Set<Request> {
  let set = pending.get(page)
  if (!set) pending.set(page, (set = new Set()))
  return set
}

/** Counts every page's requests in flight from now on (called once per browser context). */
export function trackRequests(context: BrowserContext): void {
  context.on('request', (request) => {
    const page = pageOf(request)
    if (page) requestsOf(page).add(request)
  })
  const done = (request: Request) => {
    const page = pageOf(request)
    if (page) pending.get(page)?.delete(request)
  }
  context.on('requestfinished', done)
  context.on('requestfailed', done)
}

/** Waits until the page has had no request in flight for `quietMs` (at most `timeoutMs`). */
export async function untilQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let quietSince = Date.now()
  for (;;) {
    if (requestsOf(page).size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...requestsOf(page)].map((r) => r.url()).join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
