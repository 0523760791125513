import type { BrowserContext, Page } from 'playwright-core'

/**
 * Every browser console error and uncaught page error, from every page of every browser the tests
 * launch. test/e2e/helpers/failOnConsoleErrors.ts fails the running test on any of them, so a React
 * hydration error or a crashing admin component fails the suite even when the page still looks right.
 */
const seen: string[] = []
const allowed: RegExp[] = []

function watch(page: Page): void {
  page.on('console', (message) => {
    // A failed resource load names no URL in its text; its location does.
    const where = message.location().url
    if (message.type() === 'error') seen.push(`${page.url()}: console.error: ${message.text()}${where ? ` (${where})` : ''}`)
  })
  page.on('pageerror', (error) => seen.push(`${page.url()}: uncaught: ${error.message}`))
}

/** Starts watching a browser context's pages (launchBrowser does it for every context). */
export function watchConsole(context: BrowserContext): void {
  for (const page of context.pages()) watch(page)
  context.on('page', watch)
}

/**
 * Lets the running test see errors matching `pattern` (a page it visits on purpose answers 404, so
 * Chromium logs "Failed to load resource"); reset after each test.
 */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern)
}

/** The errors seen since the last call that no allowance covers; clears the record and the allowances. */
export function takeConsoleErrors(): string[] {
  const errors = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)))
  seen.length = 0
  allowed.length = 0
  return errors
}
