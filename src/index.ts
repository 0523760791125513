// Public surface for host Payload apps.
export { calendarPlugin } from './plugin.js'
export type { CalendarPluginOptions } from '../lib/options.js'
export { createCalendarRouter } from '../endpoints/createCalendarRouter.js'
