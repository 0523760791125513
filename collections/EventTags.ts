import { TAGS } from './slugs.js'
import { termCollection } from './termCollection.js'

export const EventTags = termCollection(TAGS, 'Event tag', 'Event tags')
