import type { Payload } from 'payload'
import type { ChangeKind } from '../../collections/webhooks/webhookEvents.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { readEvent } from '../../endpoints/events/handlers/readEvent.js'
import { readLinked } from '../../endpoints/linked/handlers/readLinked.js'
import { organizerKind } from '../../endpoints/linked/organizerKind.js'
import { venueKind } from '../../endpoints/linked/venueKind.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { readTerm } from '../../endpoints/terms/handlers/readTerm.js'
import { CATEGORY_TAXONOMY, TAG_TAXONOMY } from '../../endpoints/terms/taxonomies.js'
import type { RequestContext, RestResponse } from '../../endpoints/types.js'
import { pluginOptionsOf } from '../../lib/options.js'

/** The namespace's context of an anonymous caller in the default language, as buildContext builds it. */
function anonymousContext(payload: Payload): RequestContext {
  const options = pluginOptionsOf(payload.config)
  const restRoot = `${options.siteUrl}${options.restPrefix}`
  return { payload, user: null, restRoot, namespace: NAMESPACE, base: `${restRoot}/${NAMESPACE}`, locale: options.locales[0]!, options }
}

/**
 * The resource as `GET /<route>/<id>` serves it to an anonymous caller, through the namespace's own
 * single-read handlers (same checks, loaders and serializers; an occurrence's provisional ID included),
 * or null when the public may not read it (gone, trashed, a draft, private, password-protected). Any
 * other failure (the database) is thrown, so the caller tries again later.
 */
export async function publicResource(payload: Payload, kind: ChangeKind, id: number): Promise<unknown> {
  const ctx = anonymousContext(payload)
  const read: Record<ChangeKind, () => Promise<RestResponse>> = {
    event: () => readEvent(ctx, id, {}),
    venue: () => readLinked(ctx, venueKind, id),
    organizer: () => readLinked(ctx, organizerKind, id),
    category: () => readTerm(ctx, CATEGORY_TAXONOMY, id),
    tag: () => readTerm(ctx, TAG_TAXONOMY, id),
  }
  try {
    return JSON.parse(JSON.stringify((await read[kind]()).body)) as unknown
  } catch (error) {
    if (error instanceof RestError) return null
    throw error
  }
}
