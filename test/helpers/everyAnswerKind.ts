import type { Actor } from './actors.js'
import type { ApiResponse, apiClient } from './http.js'
import type { TestApp } from './initTestApp.js'

/** The kind of each answer and the status it must have. */
export const ANSWER_STATUSES = {
  eventList: 200,
  event: 200,
  eventBySlug: 200,
  lockedEvent: 403,
  createdEvent: 201,
  updatedEvent: 200,
  trashedEvent: 200,
  trashedAgain: 410,
  venueList: 200,
  venue: 200,
  createdVenue: 201,
  organizerList: 200,
  organizer: 200,
  categoryList: 200,
  category: 200,
  createdCategory: 201,
  deletedCategory: 200,
  tagList: 200,
  tag: 200,
  invalidParam: 400,
  missingParam: 400,
  wrongPassword: 401,
  forbidden: 403,
  notFound: 404,
  noRoute: 404,
  pastLastPage: 404,
} as const

export type AnswerKind = keyof typeof ANSWER_STATUSES

/**
 * Seeds a calendar with each shape the wire has (one venue, several venues, none; a protected event;
 * terms with a parent; organizers) and asks the namespace for every kind of answer: lists, single
 * reads, writes and errors. `reader` may read but not write. Every request goes through apiClient, so /doc checks each answer.
 */
export async function everyAnswerKind(
  app: TestApp,
  api: ReturnType<typeof apiClient>,
  admin: Actor,
  reader: Actor,
): Promise<Record<AnswerKind, ApiResponse>> {
  const p = app.payload
  const hall = await p.create({ collection: 'venues', data: { title: 'Symphony Hall', city: 'Boston', latitude: 42.34, longitude: -71.08, website: 'https://hall.example.org' } })
  const club = await p.create({ collection: 'venues', data: { title: 'Jazz Club' } })
  const acme = await p.create({ collection: 'organizers', data: { title: 'Acme Events', email: 'info@acme.example.com', phone: '555-0100' } })
  const music = await p.create({ collection: 'event-categories', data: { name: 'Music' } })
  const jazz = await p.create({ collection: 'event-categories', data: { name: 'Jazz', parent: music.id } })
  const tag = await p.create({ collection: 'event-tags', data: { name: 'outdoor' } })
  const dates = { startDate: '2027-05-01T17:00:00Z', endDate: '2027-05-01T19:30:00Z' }
  const one = await p.create({
    collection: 'events',
    data: { title: 'One venue', ...dates, venues: [hall.id], organizers: [acme.id], categories: [jazz.id], tags: [tag.id], cost: '5 - 50', timezone: 'America/New_York' },
  })
  await p.create({ collection: 'events', data: { title: 'Two venues', ...dates, venues: [hall.id, club.id], cost: '€12', currencySymbol: '€' } })
  await p.create({ collection: 'events', data: { title: 'No venue', ...dates, allDay: true, cost: 'Free' } })
  const locked = await p.create({ collection: 'events', data: { title: 'Locked', ...dates, password: 'sesame', venues: [club.id] } })

  const created = await api.post('/events', { title: 'Written', start_date: '2027-06-01 20:00', end_date: '2027-06-01 22:00', venue: { venue: 'Inline Hall' }, categories: ['Music'] }, admin.headers)
  const id = (created.body as { id: number }).id
  return {
    eventList: await api.get('/events?start_date=2027-01-01&per_page=50'),
    event: await api.get(`/events/${one.id}`),
    eventBySlug: await api.get(`/events/by-slug/${one.slug}`),
    lockedEvent: await api.get(`/events/${locked.id}`),
    createdEvent: created,
    updatedEvent: await api.patch(`/events/${id}`, { title: 'Rewritten', tags: ['outdoor'], organizer: [acme.id] }, admin.headers),
    trashedEvent: await api.delete(`/events/${id}`, admin.headers),
    trashedAgain: await api.delete(`/events/${id}`, admin.headers),
    venueList: await api.get('/venues'),
    venue: await api.get(`/venues/${hall.id}`),
    createdVenue: await api.post('/venues', { venue: 'New Place', city: 'Paris', country: 'France' }, admin.headers),
    organizerList: await api.get('/organizers'),
    organizer: await api.get(`/organizers/${acme.id}`),
    categoryList: await api.get('/categories'),
    category: await api.get(`/categories/${jazz.id}`),
    createdCategory: await api.post('/categories', { name: 'Theatre' }, admin.headers),
    deletedCategory: await api.delete(`/categories/${music.id}`, admin.headers),
    tagList: await api.get('/tags'),
    tag: await api.get(`/tags/${tag.id}`),
    invalidParam: await api.get('/events?per_page=many'),
    missingParam: await api.post('/events', { title: 'No dates' }, admin.headers),
    wrongPassword: await api.get('/events', { authorization: `Basic ${Buffer.from('nobody:wrong password').toString('base64')}` }),
    forbidden: await api.post('/venues', { venue: 'Reader Place' }, reader.headers),
    notFound: await api.get('/events/999999'),
    noRoute: await api.get('/nowhere'),
    pastLastPage: await api.get('/events?start_date=2027-01-01&page=99'),
  }
}
