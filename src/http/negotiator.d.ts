// negotiator 1.x (the version Express's own `accepts` uses) takes the server's preferred order as an
// option; DefinitelyTyped only describes 0.6.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http'

  export default class Negotiator {
    constructor(request: IncomingMessage)
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined
  }
}
