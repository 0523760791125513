/**
 * Runs a process entry (`npm start`, `npm run dev`, the CLI). A failure to start — a bad setting in
 * the environment or .env, an unreachable database, a port in use — ends the process with one line
 * on stderr and a non-zero exit, so a process manager's log shows the cause rather than a stack.
 */
export async function runEntry(label: string, main: () => Promise<number | void>): Promise<void> {
  try {
    const code = await main()
    if (typeof code === 'number') {
      process.exitCode = code
      process.exit()
    }
  } catch (error) {
    process.stderr.write(`${label}: ${oneLine(error)}\n`)
    process.exit(1)
  }
}

/** The error's message on one line (Payload's and the drivers' messages may span several). */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/\s*\n\s*/g, ' ').trim() || String(error)
}
