// Browser tests of the admin (headless Debian Chromium driven by playwright-core) against a production
// build served by src/server.ts on a fresh embedded database. `npm run test:e2e`; CI runs it after
// `npm run build`. Without Chromium they are skipped with a notice, except under CI=true, where that
// is a failure.
import { existsSync } from 'node:fs'
import { CHROMIUM } from './helpers/chromiumPath.js'

const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) {
  if (process.env.CI === 'true') {
    throw new Error(`Browser tests: ${CHROMIUM} is missing; install Debian's chromium (apt-get install -y chromium).`)
  }
  process.stderr.write(`\nBrowser tests SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium to run them).\n\n`)
}

/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } }],
  },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // *.e2e.ts, so the README's `npm test` (which matches *.spec.ts) never starts a browser.
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  // Without Chromium every browser test is left out (an empty testMatch would match every file).
  testPathIgnorePatterns: hasChromium ? ['/node_modules/'] : ['.*'],
  passWithNoTests: !hasChromium,
  setupFilesAfterEnv: ['<rootDir>/test/e2e/helpers/failOnConsoleErrors.ts'],
  globalSetup: hasChromium ? '<rootDir>/test/e2e/helpers/globalSetup.js' : undefined,
  testTimeout: 120000,
  maxWorkers: 1,
  forceExit: true,
}
