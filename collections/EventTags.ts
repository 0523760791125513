import { TAGS } from './slugs.js'
import { termCollection } from './termCollection.js'

export const EventTags = termCollection(TAGS, 'tags', { singular: 'Event tag', plural: 'Event tags' })
