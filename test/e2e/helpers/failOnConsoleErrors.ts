import { afterEach } from '@jest/globals'
import { takeConsoleErrors } from './consoleErrors.js'

// Loaded by the e2e jest config for every spec: a test during which any page logged a console error
// or threw fails, naming the errors.
afterEach(() => {
  const errors = takeConsoleErrors()
  if (errors.length) throw new Error(`The browser reported ${errors.length} error(s):\n${errors.join('\n')}`)
})
