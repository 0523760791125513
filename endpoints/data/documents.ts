// The stored shapes the serializers read: what the Local API returns at depth 0 (relationships as IDs).
type Id = number
export type Relation<T> = Id | T | null | undefined

interface PostDoc {
  id: Id
  title: string
  slug?: string | null
  status?: string | null
  author?: Relation<{ id: Id }>
  publishedAt?: string | null
  createdAt: string
  updatedAt: string
  deletedAt?: string | null
  descriptionHtml?: string | null
  image?: Relation<MediaDoc>
}

export interface EventDoc extends PostDoc {
  excerpt?: string | null
  startDate: string
  endDate: string
  timezone?: string | null
  allDay?: boolean | null
  venues?: Array<Relation<VenueDoc>> | null
  organizers?: Array<Relation<OrganizerDoc>> | null
  categories?: Array<Relation<TermDoc>> | null
  tags?: Array<Relation<TermDoc>> | null
  cost?: string | null
  currencySymbol?: string | null
  currencyCode?: string | null
  currencyPosition?: string | null
  website?: string | null
  showMap?: boolean | null
  showMapLink?: boolean | null
  hideFromListings?: boolean | null
  sticky?: boolean | null
  featured?: boolean | null
  ticketed?: boolean | null
  parent?: Relation<{ id: Id }>
  hasPassword?: boolean | null
}

export interface VenueDoc extends PostDoc {
  address?: string | null
  city?: string | null
  country?: string | null
  province?: string | null
  state?: string | null
  stateprovince?: string | null
  zip?: string | null
  phone?: string | null
  website?: string | null
  showMap?: string | null
  showMapLink?: string | null
  latitude?: number | null
  longitude?: number | null
}

export interface OrganizerDoc extends PostDoc {
  phone?: string | null
  website?: string | null
  email?: string | null
}

export interface TermDoc {
  id: Id
  name: string
  slug: string
  description?: string | null
  parent?: Relation<{ id: Id }>
  count?: number | null
}

export interface MediaSize {
  url?: string | null
  width?: number | null
  height?: number | null
  mimeType?: string | null
  filesize?: number | null
  filename?: string | null
}

export interface MediaDoc extends MediaSize {
  id: Id
  sizes?: Record<string, MediaSize | undefined> | null
}
