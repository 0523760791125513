/**
 * An absolute http(s) URL with a host, at most 2,048 characters, without NUL: the only kind of web
 * address the collections store, and what the namespace's URL arguments accept (one rule for both).
 */
export function isHttpUrl(value: string): boolean {
  if (value.length > 2048 || value.includes('\u0000')) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}
