// `npm run test:unit`: the specs under test/unit only — no database, no Payload boot, seconds.
// Same transform as test/jest.config.js (which still runs them as part of `npm test`).
import base from './jest.config.js'

/** @type {import('jest').Config} */
export default {
  rootDir: base.rootDir,
  testEnvironment: base.testEnvironment,
  extensionsToTreatAsEsm: base.extensionsToTreatAsEsm,
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
  testMatch: ['<rootDir>/test/unit/**/*.spec.ts'],
  testTimeout: 10000,
}
