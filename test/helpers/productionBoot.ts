// Run as a child process with NODE_ENV=production: boots Payload the way `npm start` does (schema
// from the committed migrations, no push) and writes to every calendar collection.
import { getPayload } from 'payload'
import { buildCalendarConfig } from '../../src/payload.config.js'

const [uri, kind] = process.argv.slice(2) as [string, 'sqlite' | 'postgres' | 'mongodb']
const payload = await getPayload({ config: buildCalendarConfig(uri, kind) })
const when = { startDate: '2027-05-01T10:00:00Z', endDate: '2027-05-01T12:00:00Z' }
const venue = await payload.create({ collection: 'venues', data: { title: 'Hall', latitude: 48.85, longitude: 2.35 } })
const organizer = await payload.create({ collection: 'organizers', data: { title: 'Org', email: 'org@example.org' } })
const category = await payload.create({ collection: 'event-categories', data: { name: 'Talks' } })
const tag = await payload.create({ collection: 'event-tags', data: { name: 'Free' } })
const event = await payload.create({
  collection: 'events',
  data: { title: 'Boot', ...when, venues: [venue.id], organizers: [organizer.id], categories: [category.id], tags: [tag.id], password: 'pw' },
})
const user = await payload.create({
  collection: 'users',
  data: { email: 'boot@example.org', username: 'boot', password: 'boot-password', role: 'editor' },
})
const found = await payload.find({ collection: 'events', where: { venues: { in: [venue.id] } }, depth: 1 })
process.stdout.write(JSON.stringify({ ids: [venue.id, organizer.id, event.id, category.id, tag.id, user.id], found: found.totalDocs }) + '\n')
await payload.destroy()
process.exit(0)
