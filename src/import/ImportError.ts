/** A failure of the import that one line explains (unreachable site, wrong credentials, not TEC…). */
export class ImportError extends Error {}
