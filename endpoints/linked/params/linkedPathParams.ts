import type { Param } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import { linkedIdArg } from './linkedIdArg.js'
import { linkedSlugArg } from './linkedSlugArg.js'

/** The path parameter of a single venue (organizer), named by how the route finds it; both parse to the ID. */
export type LinkedPathParams<B extends 'id' | 'slug'> = Record<B, Param<Promise<number>> & { required: true }>

/** The path parameter of the ID route (`id`) or the by-slug route (`slug`) of venues or organizers. */
export function linkedPathParams<B extends 'id' | 'slug'>(kind: LinkedKind, by: B): LinkedPathParams<B> {
  // A computed key is typed as a string index; the record it builds has exactly the key `by`.
  return { [by]: by === 'id' ? linkedIdArg(kind) : linkedSlugArg(kind) } as LinkedPathParams<B>
}
