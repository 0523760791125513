/**
 * Why a download was refused, in one line for the operator. The address filter's own text ("DNS lookup
 * 127.0.0.1(…) is not allowed. Because, It is private IP address.") becomes one that names the flag.
 */
export function downloadRefusal(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/not allowed\. Because, It is private IP address/i.test(message)) {
    const address = /DNS lookup ([^\s(]+)/.exec(message)?.[1] ?? 'the host'
    return `${address} is a private address (--allow-private-hosts allows it)`
  }
  return message.split('\n')[0]!
}
