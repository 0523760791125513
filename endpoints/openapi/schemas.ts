// OpenAPI component schemas of the wire objects (reference section 4: ImageSize, CostDetails, Term,
// Image, DateDetails, Event, Venue, Organizer, in that order), written after what the serializers
// send; then the envelopes the reference leaves undocumented (archives, errors). Descriptions are the
// English source text; /doc translates them per request language.
type Schema = Record<string, unknown>

const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra })
const int = (description: string): Schema => ({ type: 'integer', description })
// Password-protected posts read null in place of their flags (reference section 10).
const flag = (description: string): Schema => ({ type: 'boolean', nullable: true, description })
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
const arrayOf = (items: Schema, description: string): Schema => ({ type: 'array', items, description })
const object = (properties: Record<string, Schema>, required: string[] = []): Schema =>
  required.length ? { type: 'object', properties, required } : { type: 'object', properties }

// Dates are MySQL-style wall clocks, not RFC 3339 (reference 1.6); date parts are zero-padded strings.
const wallClock = (description: string): Schema => str(description, { pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' })
const digits = (description: string, count: number): Schema => str(description, { pattern: `^\\d{${count}}$` })
// The image of a post, or false when it has none (reference 6.2).
const imageOrFalse = (description: string): Schema => ({ description, oneOf: [ref('Image'), { type: 'boolean', enum: [false] }] })

const postFields: Record<string, Schema> = {
  id: int('The post ID'),
  author: str('The post author'),
  status: str('The post status'),
  date: wallClock('The post creation date in the site time zone'),
  date_utc: wallClock('The post creation date in UTC time'),
  modified: wallClock('The post last modification date in the site time zone'),
  modified_utc: wallClock('The post last modification date in UTC time'),
  url: str('The URL to the post page', { format: 'uri' }),
  global_id: str('The global ID of the post'),
  global_id_lineage: arrayOf({ type: 'string' }, 'The global ID lineage of the post'),
  json_ld: { type: 'object', additionalProperties: true, description: 'The schema.org description of the post (single reads)' },
}
const postRequired = ['id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'global_id', 'global_id_lineage']

const archiveLinks: Record<string, Schema> = {
  // Not format uri: like the reference, an event page's URL keeps raw spaces while no list filter is set.
  rest_url: str('The REST URL of this page'),
  next_rest_url: str('The REST URL of the next page, when it has results', { format: 'uri' }),
  previous_rest_url: str('The REST URL of the previous page', { format: 'uri' }),
  total: int('The number of items matching the request'),
  total_pages: int('The number of pages'),
}
const archive = (key: string, item: string, description: string): Schema =>
  object({ [key]: arrayOf(ref(item), description), ...archiveLinks }, [key, 'rest_url', 'total', 'total_pages'])

export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  ImageSize: object({
    width: int('The image width in pixels in the specified size'),
    height: int('The image height in pixels in the specified size'),
    'mime-type': str('The image mime-type'),
    filesize: int('The image file size in bytes in the specified size'),
    url: str('The link to the image in the specified size on the site', { format: 'uri' }),
  }),
  CostDetails: object(
    {
      currency_symbol: str('The cost currency symbol'),
      currency_code: str('The cost currency code'),
      currency_position: str('The position of the currency symbol in the cost string', { enum: ['prefix', 'postfix', ''] }),
      values: arrayOf({ type: 'string' }, 'A sorted array of all the numeric values for the cost'),
    },
    ['currency_symbol', 'currency_code', 'currency_position', 'values'],
  ),
  Term: object(
    {
      id: int('The term ID'),
      name: str('The term name'),
      slug: str('The term slug'),
      term_group: int('The term group'),
      term_taxonomy_id: int('The term taxonomy ID'),
      taxonomy: str('The taxonomy the term belongs to', { enum: ['tribe_events_cat', 'post_tag'] }),
      description: str('The term description'),
      parent: int('The term parent term if any'),
      count: int('The number of posts associated with the term'),
      filter: str('The term filter context'),
      meta: arrayOf({}, 'The term meta'),
      url: str('The URL to the term archive page', { format: 'uri' }),
      urls: {
        description: 'A list of links to the term own, archive and parent REST URL',
        ...object({
          self: str('The term REST URL', { format: 'uri' }),
          collection: str('The term archive REST URL', { format: 'uri' }),
          up: str('The parent term REST URL', { format: 'uri' }),
        }, ['self', 'collection']),
      },
      _links: { type: 'object', additionalProperties: true, description: 'Links to related resources (single term answers)' },
    },
    ['id', 'name', 'slug', 'taxonomy', 'description', 'count', 'urls'],
  ),
  Image: object(
    {
      url: str('The URL to the full size version of the image', { format: 'uri' }),
      id: int('The image unique post ID'),
      extension: str('The image file extension'),
      width: int('The image natural width in pixels'),
      height: int('The image natural height in pixels'),
      filesize: int('The image file size in bytes'),
      sizes: { type: 'object', additionalProperties: ref('ImageSize'), description: 'The details about each size available for the image' },
    },
    ['url', 'id', 'extension'],
  ),
  DateDetails: object(
    {
      year: digits('The date year', 4),
      month: digits('The date month', 2),
      day: digits('The date day', 2),
      hour: digits('The date hour', 2),
      minutes: digits('The date minutes', 2),
      seconds: digits('The date seconds', 2),
    },
    ['year', 'month', 'day', 'hour', 'minutes', 'seconds'],
  ),
  Event: object(
    {
      ...postFields,
      rest_url: str('The event ReST URL', { format: 'uri' }),
      title: str('The event name'),
      description: str('The event long description'),
      excerpt: str('The event short description'),
      slug: str('The event slug'),
      image: imageOrFalse('The event featured image details if set'),
      all_day: flag('Whether or not this event is an all day Event'),
      start_date: wallClock('The event start date in the event or site time zone'),
      start_date_details: ref('DateDetails'),
      end_date: wallClock('The event end date in the event or site time zone'),
      end_date_details: ref('DateDetails'),
      utc_start_date: wallClock('The event start date in UTC time'),
      utc_start_date_details: ref('DateDetails'),
      utc_end_date: wallClock('The event end date in UTC time'),
      utc_end_date_details: ref('DateDetails'),
      timezone: str('The event time zone string'),
      timezone_abbr: str('The abbreviated event time zone string'),
      cost: str('The event cost including the currency symbol'),
      cost_details: ref('CostDetails'),
      website: str('The event website URL'),
      show_map: flag('Whether the map should be shown for the event or not'),
      show_map_link: flag('Whether the map link should be shown for the event or not'),
      hide_from_listings: flag('Whether an event should be hidden from the calendar view or not'),
      sticky: flag('Whether an event is sticky in the calendar view or not'),
      featured: flag('Whether the event is featured in the calendar or not'),
      categories: arrayOf(ref('Term'), 'The event categories'),
      tags: arrayOf(ref('Term'), 'The event tags'),
      venue: {
        description: 'The event venue: an object for one, a list for several, an empty list for none',
        oneOf: [ref('Venue'), arrayOf(ref('Venue'), 'The event venues')],
      },
      organizer: arrayOf(ref('Organizer'), 'The event organizers'),
      custom_fields: arrayOf({}, 'The event custom fields'),
      ticketed: flag('Whether the event has tickets'),
      // Extension, on recurring events' items only (docs/api.md).
      recurrence: object(
        {
          series_id: int('Extension, on recurring events only: the ID of the recurring event (the series)'),
          rules: arrayOf(str('An RFC 5545 line: RRULE, RDATE or EXDATE'), 'The series\' recurrence lines'),
          original_start: wallClock('The start the rule gives this occurrence, in the event time zone'),
          original_start_utc: wallClock('The start the rule gives this occurrence, in UTC'),
        },
        ['series_id', 'rules', 'original_start', 'original_start_utc'],
      ),
    },
    [...postRequired, 'rest_url', 'title', 'description', 'excerpt', 'slug', 'image', 'all_day', 'start_date', 'start_date_details',
      'end_date', 'end_date_details', 'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details', 'timezone',
      'timezone_abbr', 'cost', 'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured',
      'categories', 'tags', 'venue', 'organizer'],
  ),
  Venue: object(
    {
      ...postFields,
      venue: str('The venue name'),
      description: str('The venue long description'),
      excerpt: str('The venue short description'),
      slug: str('The venue slug'),
      image: imageOrFalse('The venue featured image details if set'),
      show_map: flag('Whether the map should be shown for the venue or not'),
      show_map_link: flag('Whether the map link should be shown for the venue or not'),
      address: str('The venue address'),
      city: str('The venue city'),
      country: str('The venue country'),
      province: str('The venue province'),
      state: str('The venue state'),
      zip: str('The venue ZIP code'),
      phone: str('The venue phone number'),
      website: str('The venue website URL'),
      stateprovince: str('The venue state or province'),
      geo_lat: { type: 'number', format: 'double', description: 'The venue geo latitude' },
      geo_lng: { type: 'number', format: 'double', description: 'The venue geo longitude' },
    },
    // Empty values are left out of a venue (reference 7.2): only these are always there. PHP's empty()
    // drops a name of "0" too.
    ['id', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage'],
  ),
  Organizer: object(
    {
      ...postFields,
      organizer: str('The organizer name'),
      description: str('The organizer long description'),
      excerpt: str('The organizer short description'),
      slug: str('The organizer slug'),
      image: imageOrFalse('The organizer featured image details if set'),
      phone: str('The organizer phone number'),
      website: str('The organizer website'),
      email: str('The organizer email address'),
    },
    // As for venues: a name of "0" is empty to PHP and left out.
    ['id', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'global_id', 'global_id_lineage'],
  ),
  EventArchive: archive('events', 'Event', 'The events of this page'),
  VenueArchive: archive('venues', 'Venue', 'The venues of this page'),
  OrganizerArchive: archive('organizers', 'Organizer', 'The organizers of this page'),
  CategoryArchive: archive('categories', 'Term', 'The event categories of this page'),
  TagArchive: archive('tags', 'Term', 'The tags of this page'),
  Error: {
    type: 'object',
    description: 'An error: a machine-readable code, a message in the request language and the HTTP status',
    properties: {
      code: str('The error code'),
      message: str('The error message'),
      data: {
        type: 'object',
        properties: {
          status: int('The HTTP status of the answer'),
          // rest_invalid_param: a message per parameter; rest_missing_callback_param: the missing names.
          params: {
            description: 'The message of each invalid parameter, or the names of the missing ones',
            anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'array', items: { type: 'string' } }],
          },
          // PHP's empty array is [] on the wire.
          details: {
            description: 'Why each invalid parameter was refused, where a check says more',
            anyOf: [{ type: 'object', additionalProperties: true }, { type: 'array', maxItems: 0 }],
          },
          term_id: int('The ID of the term that already exists'),
        },
        required: ['status'],
      },
      additional_data: arrayOf({ type: 'integer' }, 'The ID of the term that already exists, as WordPress repeats it'),
    },
    required: ['code', 'message', 'data'],
  },
  // Extension (docs/api.md, the change feed).
  ChangeFeed: object(
    {
      changes: arrayOf(
        object(
          {
            kind: str('What changed', { enum: ['event', 'venue', 'organizer', 'category', 'tag'] }),
            id: int('Its ID (an occurrence of a recurring event: its provisional ID)'),
            action: str('What happened, as the caller may learn it; hidden: it left the caller\'s view', { enum: ['created', 'updated', 'deleted', 'hidden'] }),
            modified_utc: wallClock('When it changed, in UTC time'),
          },
          ['kind', 'id', 'action', 'modified_utc'],
        ),
        'The changes after the cursor, oldest first',
      ),
      next_cursor: str('The since of the next call'),
    },
    ['changes', 'next_cursor'],
  ),
}
