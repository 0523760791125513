import type { CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { AppPasswords } from './AppPasswords.js'
import { Changes } from './Changes.js'
import { EventCategories } from './EventCategories.js'
import { EventTags } from './EventTags.js'
import { Events } from './Events.js'
import { IdCounters } from './IdCounters.js'
import { KeptOccurrenceIds } from './KeptOccurrenceIds.js'
import { Occurrences } from './Occurrences.js'
import { Media } from './Media.js'
import { Organizers } from './Organizers.js'
import { SignInFailures } from './SignInFailures.js'
import { Venues } from './Venues.js'
import { WebhookCursors } from './WebhookCursors.js'
import { WebhookDeliveries } from './WebhookDeliveries.js'
import { Webhooks } from './Webhooks.js'

/** The calendar's collections, in admin navigation order. Users live in the host app's config. */
export function calendarCollections(options: Pick<ResolvedCalendarOptions, 'mediaDir' | 'siteUrl' | 'siteTimezone' | 'recurrenceHorizonMonths' | 'recurrenceMaxOccurrences'>): CollectionConfig[] {
  return [Events(options), Venues(options), Organizers(options), EventCategories, EventTags, Media(options.mediaDir), AppPasswords, IdCounters, SignInFailures, Occurrences, KeptOccurrenceIds, Changes]
}

/**
 * The webhooks' collections: apart from calendarCollections because their writes (a delivery's every
 * attempt) change no calendar answer, so they do not empty the response caches.
 */
export function webhookCollections(): CollectionConfig[] {
  return [Webhooks, WebhookDeliveries, WebhookCursors]
}
