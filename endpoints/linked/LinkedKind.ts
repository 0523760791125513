import type { RequiredDataFromCollectionSlug } from 'payload'
import type { ORGANIZERS, VENUES } from '../../collections/slugs.js'
import type { Organizer, Venue } from '../data/documents.js'
import type { Related } from '../serialize/related.js'
import type { PostWriteArgs } from '../params/postWriteArgs.js'
import type { SerializeContext } from '../serialize/SerializeContext.js'
import type { Params } from '../types.js'

/** A stored venue or organizer as the Local API returns it at depth 0. */
export type LinkedDoc = Venue | Organizer

/**
 * The write parameters venues and organizers share, by name: every post's (postWriteArgs). Each kind
 * also declares its name parameter (`venue`, `organizer`) and its string fields, which the shared code
 * reaches through the descriptor (`name`, `plainFields`, `duplicateFields`).
 */
export type LinkedWriteSpecs = PostWriteArgs

/**
 * The stored fields a venue or organizer write sets (Payload's generated types): any of them, as a
 * partial update sends them; a create also needs the title.
 */
export type LinkedData = Partial<RequiredDataFromCollectionSlug<typeof VENUES>> & Partial<RequiredDataFromCollectionSlug<typeof ORGANIZERS>>

/** The stored string fields the kinds' plain parameters set. */
export type LinkedStringField = 'address' | 'city' | 'country' | 'province' | 'state' | 'zip' | 'phone' | 'stateprovince' | 'website' | 'email' | 'showMap' | 'showMapLink'

/** A venue (organizer) write's parsed values: the shared ones typed, the kind's own by their declared names. */
export type LinkedWriteValues = Params<LinkedWriteSpecs> & Readonly<Record<string, unknown>>

/** How `search` and duplicate avoidance compare a stored string field (reference 7.1 and 7.4). */
export interface MatchedField {
  /** The write parameter carrying the value. */
  param: string
  /** The stored field. */
  field: string
  /** exact: equal ignoring case; contains: the stored value contains the sent one (SQL LIKE). */
  match: 'exact' | 'contains'
}

/**
 * Everything that differs between venues and organizers, which otherwise share every route
 * (reference section 8: organizers mirror venues). The routes in endpoints/linked read only this.
 */
export interface LinkedKind {
  collection: typeof VENUES | typeof ORGANIZERS
  /** Singular wire name: the name parameter on writes and the prefix of the kind's message codes. */
  name: 'venue' | 'organizer'
  /** The archive's list key and URL segment. */
  plural: 'venues' | 'organizers'
  /** The relationship field of events that links to this kind. */
  eventField: 'venues' | 'organizers'
  /** Stored fields `search` looks in. */
  searchFields: readonly string[]
  /** Non-empty sent fields that must all match an existing post for it to count as a duplicate. */
  duplicateFields: readonly MatchedField[]
  /** Plain string write parameters and the stored field each one sets. */
  plainFields: Readonly<Record<string, LinkedStringField>>
  /** The write parameters in the reference's declaration order; `forCreate` makes the name required. */
  writeParams: (forCreate: boolean) => LinkedWriteSpecs
  /** Descriptions of the archive and single-route parameters. */
  texts: {
    perPage: string
    search: string
    event: string
    hasEvents: string
    onlyWithUpcoming: string
    status: string
    id: string
    slug: string
  }
  serialize: (doc: LinkedDoc, ctx: SerializeContext, related: Pick<Related, 'media'>, options?: { jsonLd?: boolean }) => Record<string, unknown>
}
