// The fields a post password hides and what they read as until it is given (reference section 10).
const REPLACEMENTS: Record<string, () => unknown> = {
  description: () => '',
  excerpt: () => '',
  cost: () => '',
  website: () => '',
  virtual_url: () => '',
  virtual_video_source: () => '',
  email: () => '',
  phone: () => '',
  stateprovince: () => '',
  zip: () => '',
  province: () => '',
  country: () => '',
  city: () => '',
  address: () => '',
  image: () => false,
  all_day: () => null,
  show_map: () => null,
  show_map_link: () => null,
  hide_from_listings: () => null,
  sticky: () => null,
  featured: () => null,
  ticketed: () => null,
  is_virtual: () => null,
  cost_details: () => ({ currency_symbol: '', currency_position: '', currency_code: '', values: [] }),
  categories: () => [],
  tags: () => [],
  venue: () => [],
  organizer: () => [],
  custom_fields: () => [],
  attendance: () => ({ total_attendees: null, checked_in: null, not_checked_in: null }),
  geo_lat: () => 0,
  geo_lng: () => 0,
}

/** A serialized post with every protected field replaced, keys kept in place; title, dates and IDs stay. */
export function stripProtected<T extends Record<string, unknown>>(object: T): T {
  const stripped: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(object)) {
    const replace = REPLACEMENTS[key]
    stripped[key] = replace ? replace() : value
  }
  return stripped as T
}
