import cluster from 'node:cluster'
import { hostname } from 'node:os'
import { pino, type DestinationStream, type Logger } from 'pino'
import { env, type LogLevel } from '../env.js'
import { redactUrl } from './redactUrl.js'

// Keys that may hold a secret wherever a log call puts them (headers of a raw request, a parsed body).
const REDACTED_PATHS = [
  'password',
  '*.password',
  'authorization',
  'cookie',
  '*.authorization',
  '*.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'body',
  '*.body',
  'err.body',
  'err.*.body',
]

/** pino's error serializer minus what parsers attach: body-parser puts the raw body on a parse error. */
function safeError(err: unknown) {
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>
  if (serialized && typeof serialized === 'object') {
    delete serialized.body
    delete serialized.raw
  }
  return serialized
}

/**
 * The one logger of the process: JSON lines on stdout (or `destination`), handed to Payload as its
 * logger and to the request logs. Secrets never reach a line: known keys are redacted, query-string
 * passwords in any `url` are masked, and error objects lose the request body they may carry.
 */
export function createLogger(level: LogLevel = env.LOG_LEVEL, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Under `npm start` with several workers, each line names its worker (1, 2…; a replacement gets the next number).
      base: { pid: process.pid, hostname: hostname(), ...(cluster.worker ? { worker: cluster.worker.id } : {}) },
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      serializers: { err: safeError, error: safeError },
      formatters: {
        log: (object) => (typeof object.url === 'string' ? { ...object, url: redactUrl(object.url) } : object),
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  )
}

export const logger: Logger = createLogger()
