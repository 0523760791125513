import { CommandError } from './CommandError.js'

export interface SecretSource {
  /** The flag it replaces, for messages: "--password". */
  flag: string
  /** The environment variable that may hold it, and its value (the CLI's entry reads the environment). */
  envName: string
  envValue: string | undefined
  /** The prompt on a terminal: "Password for ed". */
  prompt: string
  /** Ask twice on a terminal (a new password nobody sees as it is typed). */
  confirm?: boolean
}

/**
 * A secret the command line must not carry (npm's banner, the shell's history, `ps` and CI logs show
 * arguments): from the environment variable when set, else typed at a prompt with no echo when standard
 * input is a terminal, else the first line of standard input (`printf '%s\n' "$PW" | npm run cli -- …`).
 * Prompts go to stderr, so stdout stays the command's answer.
 */
export async function readSecret(source: SecretSource, stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (source.envValue) return source.envValue
  if (stdin.isTTY) {
    const first = await promptHidden(`${source.prompt}: `, stdin)
    if (first && source.confirm && (await promptHidden('Again, to confirm: ', stdin)) !== first) throw new CommandError('the two entries differ')
    if (first) return first
  } else {
    const piped = (await readAll(stdin)).split(/\r?\n/)[0]
    if (piped) return piped
  }
  throw new CommandError(`missing ${source.flag}: type it when asked, pipe it on standard input or set ${source.envName}`)
}

function readAll(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    stdin.setEncoding('utf8')
    stdin.on('data', (chunk: string) => (text += chunk))
    stdin.once('end', () => resolve(text))
    stdin.once('error', reject)
  })
}

/** One line typed on the terminal in raw mode: nothing echoed; Backspace edits, Ctrl-C ends the command. */
function promptHidden(prompt: string, stdin: NodeJS.ReadStream): Promise<string> {
  // Echo off before the prompt shows: nothing typed after it is ever displayed.
  stdin.setRawMode(true)
  process.stderr.write(prompt)
  return new Promise((resolve) => {
    let typed = ''
    const done = (value: string) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      resolve(value)
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done(typed)
        if (char === '\u0003') {
          process.stderr.write('\n')
          process.exit(130)
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('')
        else if (char >= ' ') typed += char
      }
    }
    stdin.setEncoding('utf8')
    stdin.resume()
    stdin.on('data', onData)
  })
}
