// Imported first by suites that serve their app behind SITE_URL (before src/env.ts reads it): the
// wire's media URLs are absolute on SITE_URL, so an importing client must be able to fetch them.
import { forwardingProxy } from './forwardingProxy.js'

const port = 20_000 + Math.floor(Math.random() * 20_000)
process.env.SITE_URL = `http://127.0.0.1:${port}`
export const siteUrlProxy = forwardingProxy(port)
