// Imported first by suites that serve their app behind SITE_URL (before src/env.ts reads it): the
// wire's media URLs are absolute on SITE_URL, so an importing client must be able to fetch them.
import { forwardingProxy } from './forwardingProxy.js'

// Below Linux's ephemeral range (32768–60999): ports there are also taken by outgoing connections
// and by every server listening on port 0, so a random pick there collided.
const port = 20_000 + Math.floor(Math.random() * 12_000)
process.env.SITE_URL = `http://127.0.0.1:${port}`
export const siteUrlProxy = forwardingProxy(port)
