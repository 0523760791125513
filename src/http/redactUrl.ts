// Query parameters whose value is a secret (event passwords, tokens, keys, WordPress nonces).
const SECRET_PARAMETER = /^(password|pass|pwd|token|api[_-]?key|apikey|secret|_wpnonce)$/i

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/**
 * A URL fit for a log line: the value of every secret query parameter becomes [Redacted]. Names are
 * compared decoded and without a `[...]` suffix, as the query parser reads them, so `pass%77ord=` or
 * `password[]=` are masked too.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?')
  if (mark === -1) return url
  const hash = url.indexOf('#', mark)
  const query = url.slice(mark + 1, hash === -1 ? undefined : hash)
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = decodedName(eq === -1 ? pair : pair.slice(0, eq)).replace(/\[.*$/, '').trim()
      return SECRET_PARAMETER.test(name) ? `${eq === -1 ? pair : pair.slice(0, eq)}=[Redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, mark)}?${masked}`
}
