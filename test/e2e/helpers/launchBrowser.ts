import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { CHROMIUM } from './chromiumPath.js'
import { watchConsole } from './consoleErrors.js'
import { trackRequests } from './inFlight.js'

export interface Browser {
  /** A fresh context (own cookies) in the browser's own profile. */
  context: BrowserContext
  close: () => Promise<void>
}

/**
 * Debian's Chromium, headless, with a throwaway profile and no background traffic (the machine may
 * have no internet). The browser's zone is New York, so the admin's pickers and the event's own
 * zone (Paris in the tests) differ, as they often do for real editors; `timezoneId` picks another.
 */
export async function launchBrowser(options: { timezoneId?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'calendar-e2e-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    // Wider than Payload's large breakpoint (1440 px), where the side navigation stays open.
    viewport: { width: 1600, height: 1000 },
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'America/New_York',
  })
  watchConsole(context)
  trackRequests(context)
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
