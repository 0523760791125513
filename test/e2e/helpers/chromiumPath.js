/** Debian's chromium package; the browser tests use it rather than a downloaded build. */
export const CHROMIUM = '/usr/bin/chromium'
