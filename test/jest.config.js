// Jest 30 in ESM mode (Payload is ESM-only). The lane (sqlite, postgres, mongodb) comes from
// TEST_DATABASE; the MongoDB lane is skipped with a notice when no MongoDB can be had.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mongoLaneAvailable } from './helpers/mongoLaneAvailable.js'

const lane = process.env.TEST_DATABASE || 'sqlite'
// Payload skips the schema push when a process already pushed the same schema once; a suite that
// boots a second app on a second fresh database needs it pushed again.
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = 'true'
const skipIntegration = lane === 'mongodb' && !(await mongoLaneAvailable())

// The PostgreSQL and MongoDB lanes run the suites that open the lane's database (through initTestApp or
// createTestDatabase, or by reading TEST_DATABASE). The others (unit tests, and processes that run on an
// embedded database of their own) would only repeat the SQLite lane's run, and are left to it.
const testDir = path.dirname(fileURLToPath(import.meta.url))
const usesLane = (file) => /initTestApp|createTestDatabase|TEST_DATABASE/.test(readFileSync(file, 'utf8'))
const laneIndependent = ['int', 'process', 'fuzz'].flatMap((dir) =>
  readdirSync(path.join(testDir, dir))
    .filter((name) => name.endsWith('.spec.ts') && !usesLane(path.join(testDir, dir, name)))
    .map((name) => `/test/${dir}/${name.replace(/\./g, '\\.')}$`),
)
const testMatch = skipIntegration || lane === 'sqlite' ? [`<rootDir>/test/${skipIntegration ? 'unit' : '**'}/*.spec.ts`] : ['<rootDir>/test/{int,process,fuzz}/*.spec.ts']

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
  testMatch,
  testPathIgnorePatterns: ['/node_modules/', ...(lane === 'sqlite' || skipIntegration ? [] : laneIndependent)],
  globalSetup: '<rootDir>/test/helpers/globalSetup.js',
  testTimeout: 60000,
  forceExit: true,
  maxWorkers: 2,
}
