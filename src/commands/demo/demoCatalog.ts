// The demo calendar's fixed material: real places (addresses and coordinates as published by the
// venues), organizers on example.org, a category tree, tags, and event titles per category.

export interface DemoVenue {
  title: string
  address: string
  city: string
  zip: string
  stateprovince?: string
  country: string
  latitude: number
  longitude: number
  zone: string
  website: string
}

export const DEMO_VENUES: DemoVenue[] = [
  { title: 'Le Duc des Lombards', address: '42 Rue des Lombards', city: 'Paris', zip: '75001', country: 'France', latitude: 48.859, longitude: 2.3485, zone: 'Europe/Paris', website: 'https://www.ducdeslombards.com' },
  { title: 'Philharmonie de Paris', address: '221 Avenue Jean Jaurès', city: 'Paris', zip: '75019', country: 'France', latitude: 48.8917, longitude: 2.3937, zone: 'Europe/Paris', website: 'https://philharmoniedeparis.fr' },
  { title: 'Berliner Philharmonie', address: 'Herbert-von-Karajan-Straße 1', city: 'Berlin', zip: '10785', country: 'Germany', latitude: 52.5096, longitude: 13.37, zone: 'Europe/Berlin', website: 'https://www.berliner-philharmoniker.de' },
  { title: 'Barbican Centre', address: 'Silk Street', city: 'London', zip: 'EC2Y 8DS', country: 'United Kingdom', latitude: 51.5202, longitude: -0.0938, zone: 'Europe/London', website: 'https://www.barbican.org.uk' },
  { title: 'Blue Note Jazz Club', address: '131 W 3rd Street', city: 'New York', zip: '10012', stateprovince: 'NY', country: 'United States', latitude: 40.7308, longitude: -74.0006, zone: 'America/New_York', website: 'https://www.bluenotejazz.com' },
  { title: 'Brooklyn Public Library, Central Library', address: '10 Grand Army Plaza', city: 'Brooklyn', zip: '11238', stateprovince: 'NY', country: 'United States', latitude: 40.6724, longitude: -73.9683, zone: 'America/New_York', website: 'https://www.bklynlibrary.org' },
  { title: 'Blue Note Tokyo', address: '6-3-16 Minami-Aoyama, Minato-ku', city: 'Tokyo', zip: '107-0062', country: 'Japan', latitude: 35.6614, longitude: 139.7155, zone: 'Asia/Tokyo', website: 'https://www.bluenote.co.jp' },
  { title: 'Tokyo International Forum', address: '3-5-1 Marunouchi, Chiyoda-ku', city: 'Tokyo', zip: '100-0005', country: 'Japan', latitude: 35.6769, longitude: 139.7637, zone: 'Asia/Tokyo', website: 'https://www.t-i-forum.co.jp' },
  { title: 'Sydney Opera House', address: 'Bennelong Point', city: 'Sydney', zip: '2000', stateprovince: 'NSW', country: 'Australia', latitude: -33.8568, longitude: 151.2153, zone: 'Australia/Sydney', website: 'https://www.sydneyoperahouse.com' },
  { title: 'State Library of New South Wales', address: '1 Shakespeare Place', city: 'Sydney', zip: '2000', stateprovince: 'NSW', country: 'Australia', latitude: -33.8662, longitude: 151.2132, zone: 'Australia/Sydney', website: 'https://www.sl.nsw.gov.au' },
]

/** Online events have no venue and run on UTC. */
export const ONLINE_ZONE = 'UTC'

export const DEMO_ORGANIZERS = [
  { title: 'Riverside Jazz Society', email: 'hello@jazz.example.org', phone: '+33 1 42 33 22 88', website: 'https://jazz.example.org' },
  { title: 'Open Stage Collective', email: 'team@openstage.example.org', phone: '+1 212-555-0142', website: 'https://openstage.example.org' },
  { title: 'City Makers Guild', email: 'workshops@makers.example.org', phone: '+49 30 5550 1234', website: 'https://makers.example.org' },
  { title: 'Harbour Talks', email: 'talks@harbour.example.org', phone: '+61 2 5550 7788', website: 'https://harbour.example.org' },
  { title: 'Kanda Film Circle', email: 'info@film.example.org', phone: '+81 3-5550-0199', website: 'https://film.example.org' },
  { title: 'Table Together', email: 'bookings@food.example.org', phone: '+44 20 7946 0321', website: 'https://food.example.org' },
]

/** Parent categories first; a child names its parent. */
export const DEMO_CATEGORIES: Array<{ name: string; parent?: string }> = [
  { name: 'Music' },
  { name: 'Jazz', parent: 'Music' },
  { name: 'Classical', parent: 'Music' },
  { name: 'Workshops' },
  { name: 'Talks' },
  { name: 'Film' },
  { name: 'Food & Drink' },
  { name: 'Family' },
]

export const DEMO_TAGS = ['Outdoor', 'Accessible', 'Kids welcome', 'Live stream', 'Late night', 'Beginner friendly', 'Members only']

/** Event kinds: titles, category, organizer, usual local start hour and length, and whether they may run online. */
export interface DemoKind {
  category: string
  organizer: number
  titles: string[]
  hour: number
  hours: number
  online?: boolean
  /** All day, over this many days (1: one day). */
  days?: number
}

export const DEMO_KINDS: DemoKind[] = [
  { category: 'Jazz', organizer: 0, hour: 21, hours: 2, titles: ['Late Set: Piano Trio', 'Big Band Night', 'Jam Session', 'Vocal Jazz Evening', 'Bebop Quartet Live'] },
  { category: 'Classical', organizer: 1, hour: 20, hours: 2, titles: ['Chamber Evening: Brahms & Schumann', 'Evening Recital', 'String Quartet Cycle', 'Baroque by Candlelight'] },
  { category: 'Music', organizer: 1, hour: 19, hours: 3, titles: ['Open Mic Night', 'Singer-Songwriter Showcase', 'Choir Open Rehearsal'] },
  { category: 'Workshops', organizer: 2, hour: 10, hours: 3, online: true, titles: ['Intro to Screen Printing', 'Bike Repair Basics', 'Sourdough Workshop', 'Watercolour for Beginners', 'Web Accessibility Workshop'] },
  { category: 'Talks', organizer: 3, hour: 18, hours: 1.5, online: true, titles: ['City Nature Talk', 'Architecture of the Harbour', 'History Under Our Streets', 'Climate & Coasts Lecture'] },
  { category: 'Film', organizer: 4, hour: 19, hours: 2.5, titles: ['Silent Film with Live Score', 'Documentary Night', 'Short Film Evening', 'Classic Noir Double Bill'] },
  { category: 'Food & Drink', organizer: 5, hour: 12, hours: 2, titles: ['Street Food Market', 'Wine Tasting: Natural Wines', 'Community Supper', 'Coffee Cupping Session'] },
  { category: 'Family', organizer: 3, hour: 10, hours: 2, titles: ['Storytime for Little Ones', 'Family Science Morning', 'Puppet Theatre Matinee'] },
  { category: 'Food & Drink', organizer: 5, hour: 0, hours: 0, days: 1, titles: ['Farmers Market Day', 'Book & Zine Fair'] },
  { category: 'Music', organizer: 0, hour: 0, hours: 0, days: 3, titles: ['Jazz Weekend Festival', 'Sounds of the City Festival', 'Festival of Lights'] },
]

/** An event's currency as TEC stores it (symbol, ISO 4217 code, where the symbol goes) and prices that fit the city. */
export interface DemoCurrency {
  symbol: string
  code: string
  position: 'prefix' | 'postfix'
  /** Stored costs: an amount or a range ("15 - 30"), digits only (a comma separates a cost's items). */
  prices: string[]
}

/** Each zone's currency (one city or two of one country per zone); online events, on UTC, charge US dollars. */
export const DEMO_CURRENCIES: Record<string, DemoCurrency> = {
  'Europe/Paris': { symbol: '€', code: 'EUR', position: 'prefix', prices: ['12', '18', '25', '15 - 30', '20 - 45'] },
  'Europe/Berlin': { symbol: '€', code: 'EUR', position: 'prefix', prices: ['10', '16', '24', '15 - 35', '25 - 60'] },
  'Europe/London': { symbol: '£', code: 'GBP', position: 'prefix', prices: ['8', '12', '18', '10 - 25', '15 - 40'] },
  'America/New_York': { symbol: '$', code: 'USD', position: 'prefix', prices: ['15', '20', '35', '20 - 45', '30 - 75'] },
  'Asia/Tokyo': { symbol: '¥', code: 'JPY', position: 'prefix', prices: ['1500', '2500', '3000', '3000 - 6000', '5000 - 9000'] },
  'Australia/Sydney': { symbol: 'A$', code: 'AUD', position: 'prefix', prices: ['15', '25', '35', '30 - 60', '45 - 99'] },
  UTC: { symbol: '$', code: 'USD', position: 'prefix', prices: ['5', '10', '15', '5 - 20'] },
}

/** Costs without an amount, drawn for about one event in four. */
export const DEMO_FREE_COSTS = ['Free', 'Free with registration']

/** Words for the protected event's password (drawn with the seed). */
export const PASSWORD_WORDS = ['amber', 'harbour', 'lantern', 'violet', 'meadow', 'copper', 'willow', 'ember', 'saffron', 'quartz']
