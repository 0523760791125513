// The one message catalog. Codes are The Events Calendar's / WordPress's slugs verbatim
// (reference section 11); `%s` / `%d` are filled in order by msg().
export const MESSAGES = {
  rest_no_route: 'No route was found matching the URL and request method.',
  rest_invalid_param: 'Invalid parameter(s): %s',
  rest_missing_callback_param: 'Missing parameter(s): %s',
  rest_forbidden: 'Sorry, you are not allowed to do that.',
  rest_invalid_json: 'Invalid JSON body passed.',
  incorrect_password: 'The provided password is an invalid application password.',
  internal_error: 'An internal error occurred.',
  'invalid-parameter': 'Invalid parameter.',
  'rest-event-not-found': 'Event with ID %d does not exist.',
  'rest-invalid-event-id': 'The specified ID is not a valid event.',
  'event-no-longer-available': 'This event is no longer available',
  'event-not-accessible': 'The requested event is not accessible',
  'event-password-protected': 'The requested event is not accessible without a password',
  'event-is-in-trash': 'The event is already trashed',
  'event-archive-page-not-found': 'The requested event archive page does not exist',
  'venue-archive-page-not-found': 'The requested venue archive page does not exist',
  'organizer-archive-page-not-found': 'The requested organizer archive page does not exist',
} as const

export type MessageCode = keyof typeof MESSAGES

/** Fills `%s` / `%d` in order. */
export function format(template: string, args: Array<string | number>): string {
  let i = 0
  return template.replace(/%[sd]/g, () => String(args[i++] ?? ''))
}

export function msg(code: MessageCode, ...args: Array<string | number>): string {
  return format(MESSAGES[code], args)
}
