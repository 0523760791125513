import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** Screenshots are test artifacts (git-ignored); those of docs/ come from here. */
export const SCREENSHOTS = path.resolve('test-results/e2e')

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false })
}

/** Signs in through the login page and waits for the dashboard. */
export async function logIn(page: Page, origin: string, email: string, password: string, shot?: string): Promise<void> {
  await page.goto(`${origin}/admin/login`)
  // One "Email or Username" field (usernames are on, collections/Users.ts): `email` may be either.
  await page.locator('#field-username').fill(email)
  await page.locator('#field-password').fill(password)
  if (shot) await screenshot(page, shot)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/')
  await page.locator('.dashboard').waitFor()
}

/** Picks `label` in a react-select based field (relationship, select) by typing and choosing it. */
export async function choose(page: Page, fieldId: string, label: string): Promise<void> {
  const field = page.locator(`#${fieldId}`)
  await field.locator('.rs__control').click()
  await field.locator('.rs__input').fill(label)
  await page.locator('.rs__option', { hasText: label }).first().click()
  await field.locator('.rs__multi-value, .rs__single-value', { hasText: label }).first().waitFor()
}

/** Opens a tab of the document form ("When", "Where"…). */
export async function openTab(page: Page, label: string): Promise<void> {
  await page.locator('.tabs-field__tab-button', { hasText: label }).click()
}

/** Saves the document form and waits for Payload's success toast; returns the document's ID. */
export async function save(page: Page, collection: string): Promise<number> {
  await page.locator('#action-save').click()
  const toast = page.locator('.payload-toast-container .toast-success, .payload-toast-container .toast-error').first()
  await toast.waitFor()
  if (await toast.evaluate((el) => el.classList.contains('toast-error'))) {
    await screenshot(page, `save-failed-${collection}`)
    throw new Error(`Saving the ${collection} form failed: ${await toast.innerText()}`)
  }
  await page.waitForURL(new RegExp(`/admin/collections/${collection}/\\d+`))
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await page.locator('.payload-toast-container .toast-success').first().waitFor({ state: 'detached' }).catch(() => undefined)
  return id
}

/** The option labels a react-select field offers when opened. */
export async function optionsOf(page: Page, field: Locator): Promise<string[]> {
  await field.locator('.rs__control').click()
  const options = page.locator('.rs__menu .rs__option')
  await options.first().waitFor()
  return options.allInnerTexts()
}

/** Retries an assertion until it holds (the list re-renders after a filter change), then returns. */
export async function eventually(assertion: () => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await assertion()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 250))
    }
  }
}

/**
 * Calls Payload's REST (/api) from inside the page, as the admin's own scripts do: same origin and
 * the session cookie (Payload ignores the cookie on requests that do not come from its origin).
 */
export async function apiFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, json: await res.json().catch(() => null) }
    },
    { method, path, body },
  )
}
