/** The namespace every route lives in, and its compatibility alias (The Events Calendar's own). */
export const NAMESPACE = 'calendar/events/v1'
export const TRIBE_NAMESPACE = 'tribe/events/v1'
