// OpenAPI component schemas of the wire objects (reference section 4: ImageSize, CostDetails, Term,
// Image, DateDetails, Event, Venue, Organizer, in that order). Descriptions are the English source
// text; /doc translates them per request language.
type Schema = Record<string, unknown>

const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra })
const int = (description: string): Schema => ({ type: 'integer', description })
const bool = (description: string): Schema => ({ type: 'boolean', description })
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
const arrayOf = (items: Schema, description: string): Schema => ({ type: 'array', items, description })

const postFields: Record<string, Schema> = {
  id: int('The post ID'),
  author: str('The post author'),
  status: str('The post status'),
  date: str('The post creation date in the site time zone', { format: 'date-time' }),
  date_utc: str('The post creation date in UTC time', { format: 'date-time' }),
  modified: str('The post last modification date in the site time zone', { format: 'date-time' }),
  modified_utc: str('The post last modification date in UTC time', { format: 'date-time' }),
  url: str('The URL to the post page', { format: 'uri' }),
  global_id: str('The global ID of the post'),
  global_id_lineage: arrayOf({ type: 'string' }, 'The global ID lineage of the post'),
}

export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  ImageSize: {
    type: 'object',
    properties: {
      width: int('The image width in pixels in the specified size'),
      height: int('The image height in pixels in the specified size'),
      'mime-type': str('The image mime-type'),
      url: str('The link to the image in the specified size on the site', { format: 'uri' }),
    },
  },
  CostDetails: {
    type: 'object',
    properties: {
      currency_symbol: str('The cost currency symbol'),
      currency_code: str('The cost currency code'),
      currency_position: str('The position of the currency symbol in the cost string', { enum: ['prefix', 'postfix'] }),
      values: arrayOf({ type: 'integer' }, 'A sorted array of all the numeric values for the cost'),
    },
  },
  Term: {
    type: 'object',
    properties: {
      id: int('The term ID'),
      name: str('The term name'),
      slug: str('The term slug'),
      taxonomy: str('The taxonomy the term belongs to'),
      description: str('The term description'),
      parent: int('The term parent term if any'),
      count: int('The number of posts associated with the term'),
      url: str('The URL to the term archive page', { format: 'uri' }),
      urls: arrayOf({ type: 'string', format: 'uri' }, 'A list of links to the term own, archive and parent REST URL'),
    },
  },
  Image: {
    type: 'object',
    properties: {
      url: str('The URL to the full size version of the image', { format: 'uri' }),
      id: int('The image unique post ID'),
      extension: str('The image file extension'),
      width: int('The image natural width in pixels'),
      height: int('The image natural height in pixels'),
      sizes: arrayOf(ref('ImageSize'), 'The details about each size available for the image'),
    },
  },
  DateDetails: {
    type: 'object',
    properties: {
      year: int('The date year'),
      month: int('The date month'),
      day: int('The date day'),
      hour: int('The date hour'),
      minutes: int('The date minutes'),
      seconds: int('The date seconds'),
    },
  },
  Event: {
    type: 'object',
    properties: {
      ...postFields,
      rest_url: str('The event ReST URL', { format: 'uri' }),
      title: str('The event name'),
      description: str('The event long description'),
      excerpt: str('The event short description'),
      slug: str('The event slug'),
      image: ref('Image'),
      all_day: bool('Whether or not this event is an all day Event'),
      start_date: str('The event start date in the event or site time zone', { format: 'date-time' }),
      start_date_details: ref('DateDetails'),
      end_date: str('The event end date in the event or site time zone', { format: 'date-time' }),
      end_date_details: ref('DateDetails'),
      utc_start_date: str('The event start date in UTC time', { format: 'date-time' }),
      utc_start_date_details: ref('DateDetails'),
      utc_end_date: str('The event end date in UTC time', { format: 'date-time' }),
      utc_end_date_details: ref('DateDetails'),
      timezone: str('The event time zone string'),
      timezone_abbr: str('The abbreviated event time zone string'),
      cost: str('The event cost including the currency symbol'),
      cost_details: ref('CostDetails'),
      website: str('The event website URL', { format: 'uri' }),
      show_map: bool('Whether the map should be shown for the event or not'),
      show_map_link: bool('Whether the map link should be shown for the event or not'),
      hide_from_listings: bool('Whether an event should be hidden from the calendar view or not'),
      sticky: bool('Whether an event is sticky in the calendar view or not'),
      featured: bool('Whether the event is featured in the calendar or not'),
      categories: arrayOf(ref('Term'), 'The event categories'),
      tags: arrayOf(ref('Term'), 'The event tags'),
      venue: ref('Venue'),
      organizer: arrayOf(ref('Organizer'), 'The event organizers'),
    },
  },
  Venue: {
    type: 'object',
    properties: {
      ...postFields,
      venue: str('The venue name'),
      description: str('The venue long description'),
      excerpt: str('The venue short description'),
      slug: str('The venue slug'),
      image: ref('Image'),
      show_map: bool('Whether the map should be shown for the venue or not'),
      show_map_link: bool('Whether the map link should be shown for the venue or not'),
      address: str('The venue address'),
      city: str('The venue city'),
      country: str('The venue country'),
      province: str('The venue province'),
      state: str('The venue state'),
      zip: str('The venue ZIP code'),
      phone: str('The venue phone number'),
      website: str('The venue website URL', { format: 'uri' }),
      stateprovince: str('The venue state or province'),
      geo_lat: { type: 'number', format: 'double', description: 'The venue geo latitude' },
      geo_lng: { type: 'number', format: 'double', description: 'The venue geo longitude' },
    },
  },
  Organizer: {
    type: 'object',
    properties: {
      ...postFields,
      organizer: str('The organizer name'),
      description: str('The organizer long description'),
      excerpt: str('The organizer short description'),
      slug: str('The organizer slug'),
      image: ref('Image'),
      phone: str('The organizer phone number'),
      website: str('The organizer website', { format: 'uri' }),
      email: str('The organizer email address', { format: 'email' }),
    },
  },
}
