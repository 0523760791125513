// Jest 30 in ESM mode (Payload is ESM-only). The lane (sqlite, postgres, mongodb) comes from
// TEST_DATABASE; the MongoDB lane is skipped with a notice when no MongoDB can be had.
import { mongoLaneAvailable } from './helpers/mongoLaneAvailable.js'

const lane = process.env.TEST_DATABASE || 'sqlite'
// Payload skips the schema push when a process already pushed the same schema once; a suite that
// boots a second app on a second fresh database needs it pushed again.
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = 'true'
const skipIntegration = lane === 'mongodb' && !(await mongoLaneAvailable())

/** @type {import('jest').Config} */
export default {
  rootDir: '..',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } }],
  },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: skipIntegration ? ['<rootDir>/test/unit/**/*.spec.ts'] : ['<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/helpers/globalSetup.js',
  testTimeout: 60000,
  forceExit: true,
  maxWorkers: 2,
}
