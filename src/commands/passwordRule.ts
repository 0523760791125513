import { CommandError } from './CommandError.js'

/** Passwords an operator sets from the command line: long enough to resist guessing. */
export const MIN_PASSWORD_LENGTH = 12

export function checkPassword(password: string | undefined): string {
  if (!password) throw new CommandError('missing --password')
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new CommandError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long (a few words make a good one)`)
  }
  return password
}
