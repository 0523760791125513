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
  'invalid-date': "Not a date PHP's strtotime() understands.",
  'rest-event-not-found': 'Event with ID %d does not exist.',
  'rest-invalid-event-id': 'The specified ID is not a valid event.',
  'event-no-longer-available': 'This event is no longer available',
  'event-not-accessible': 'The requested event is not accessible',
  'event-password-protected': 'The requested event is not accessible without a password',
  'event-is-in-trash': 'The event is already trashed',
  'event-archive-page-not-found': 'The requested event archive page does not exist',
  'venue-archive-page-not-found': 'The requested venue archive page does not exist',
  'organizer-archive-page-not-found': 'The requested organizer archive page does not exist',
  'could-not-delete-event': 'The event could not be deleted',
  'could-not-update-event': 'The event could not be updated',
  'venue-not-accessible': 'The requested venue is not accessible',
  'organizer-not-accessible': 'The requested organizer is not accessible',
  'venue-is-in-trash': 'The venue is already trashed',
  'organizer-is-in-trash': 'The organizer is already trashed',
  'could-not-delete-venue': 'The venue could not be deleted',
  'could-not-delete-organizer': 'The organizer could not be deleted',
  'could-not-create-venue': 'The venue could not be created from the provided data',
  'could-not-create-organizer': 'The organizer could not be created from the provided data',
  'could-not-update-venue': 'The venue could not be updated',
  'could-not-update-organizer': 'The organizer could not be updated',
  'invalid-linked-post-id': 'The provided linked post ID is not valid',
  term_exists: 'A term with the name provided already exists with this parent.',
  term_exists_tag: 'A term with the name provided already exists in this taxonomy.',
  duplicate_term_slug: 'The slug "%s" is already in use by another term.',
  rest_taxonomy_not_hierarchical: 'Cannot set parent term, taxonomy is not hierarchical.',
  rest_term_invalid: 'Parent term does not exist.',
  'image-not-found': 'The image could not be found or is not an image.',
  'image-download-failed': 'The image at the given URL could not be downloaded or is not an image.',
  rest_too_many_requests: 'Too many failed sign-in attempts. Try again in %d seconds.',
  too_many_event_passwords: 'Too many wrong event passwords. Try again in %d seconds.',
  event_passwords_busy: 'Too many event passwords are being checked. Try again in %d seconds.',
  rest_payload_too_large: 'The request body is too large.',
  rest_body_too_complex: 'The form body has more than 1000 parameters or is nested more than 32 levels deep.',
  rest_unsupported_body: 'The request body uses an unsupported charset or content encoding.',
  'invalid-changes-cursor': 'Not a cursor of this change feed: call without since for a new one.',
  rest_changes_cursor_expired: 'This cursor is older than the %d days the change feed keeps: read everything again, then follow the feed from a new cursor (a call without since).',
} as const

export type MessageCode = keyof typeof MESSAGES

/** Catalog entries that share a wire code with another (same code, different message). */
export const WIRE_CODES: Partial<Record<MessageCode, string>> = { term_exists_tag: 'term_exists', too_many_event_passwords: 'rest_too_many_requests', event_passwords_busy: 'rest_too_many_requests' }

/** Fills `%s` / `%d` in order. */
export function format(template: string, args: Array<string | number>): string {
  let i = 0
  return template.replace(/%[sd]/g, () => String(args[i++] ?? ''))
}

export function msg(code: MessageCode, ...args: Array<string | number>): string {
  return format(MESSAGES[code], args)
}
