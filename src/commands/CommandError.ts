/** A CLI usage or input error: printed as is, without a stack. */
export class CommandError extends Error {}
