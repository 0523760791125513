// The config Payload's own tools and the admin's build read (PAYLOAD_CONFIG_PATH, @payload-config).
// The server and the CLI import buildCalendarConfig itself: importing this file builds a config, and
// building one costs a noticeable share of a command's start-up.
import { buildCalendarConfig } from './buildCalendarConfig.js'

export { buildCalendarConfig }
export default buildCalendarConfig()
