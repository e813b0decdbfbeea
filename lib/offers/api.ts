// The offers as the API's routes serve them (lib/http/list-response): the search of published
// offers, an application's own offers with their statuses, the tags in use, one offer, and the
// answer to a creation (202, Location, Idempotency-Key).
import { badRequest } from '../http/api-error'
import { conditionalResponse, recordResponse, type ListRequest, type ListSource } from '../http/list-response'
import { MAX_FEATURES } from '../http/list-limits'
import { jsonResponse } from '../http/respond'
import { enforceLimit, processLimits } from '../http/request-limits'
import type { OfferSearchRequestInput } from './contract'
import { IDEMPOTENCY_KEY_HEADER } from './contract'
import type { OfferFields } from './fields'
import { findOffers, offerPoints, publishedTags, toOfferCriteria } from './offer-search'
import { createOffer, offersVersion, offerVersion, visibleOffer, type OfferStatus } from './offer-store'
import {
  offerFeatures,
  offerUrl,
  serialiseOfferDetail,
  serialiseOfferStatus,
  serialiseOfferSummary,
} from './serialise'

export const publishedOfferListing: ListSource<ListRequest<OfferSearchRequestInput>> = {
  itemsKey: 'offres',
  version: () => offersVersion(),
  async page(request) {
    const result = await findOffers(
      { ...toOfferCriteria(request.search), statuses: ['published'] },
      { page: request.page, size: request.size, order: 'published' },
    )
    return { total: result.total, items: result.offers.map(serialiseOfferSummary) }
  },
  async geojson(request) {
    const points = await offerPoints(
      { ...toOfferCriteria(request.search), statuses: ['published'] },
      MAX_FEATURES,
    )
    return JSON.stringify(offerFeatures(points))
  },
}

/** The offers an application created, newest first (GET /eco/immo/offres/statuts). */
export function ownOfferListing(
  clientId: string,
): ListSource<ListRequest<{ search?: { status?: OfferStatus[] | undefined } | undefined }>> {
  return {
    itemsKey: 'offres',
    // Each application sees its own list: its entity tags differ from another's.
    version: async () => `${await offersVersion()}:${clientId}`,
    async page(request) {
      const statuses = request.search?.status
      const result = await findOffers(
        { clientId, ...(statuses ? { statuses } : {}) },
        { page: request.page, size: request.size, order: 'created' },
      )
      return { total: result.total, items: result.offers.map(serialiseOfferStatus) }
    },
  }
}

/** GET /eco/immo/offres/tags. */
export async function tagsResponse(request: Request): Promise<Response> {
  return conditionalResponse(request, { version: await offersVersion(), parts: 'tags' }, async () => ({
    body: { tags: await publishedTags() },
  }))
}

/** GET /eco/immo/offres/:id for the application `clientId`. */
export async function offerResponse(
  request: Request,
  reference: string,
  clientId: string,
): Promise<Response> {
  return recordResponse(request, {
    version: await offerVersion(reference),
    key: { reference, clientId },
    load: async () => ({ offre: serialiseOfferDetail(await visibleOffer(reference, clientId)) }),
  })
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/** The Idempotency-Key of a request: 1 to 255 visible ASCII characters, or none. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER)
  if (value === null) return undefined
  const key = value.trim().replace(/^"(.*)"$/, '$1')
  if (!KEY_PATTERN.test(key)) {
    throw badRequest('L’en-tête Idempotency-Key est mal formé.', [
      {
        location: 'header',
        path: IDEMPOTENCY_KEY_HEADER,
        message: 'Une clé d’idempotence compte 1 à 255 caractères ASCII visibles (un UUID, par exemple).',
        code: 'invalid_format',
      },
    ])
  }
  return key
}

/** POST /eco/immo/offres: creates the offer of application `clientId` and answers 202 (429 past its limit a minute). */
export async function createOfferResponse(
  request: Request,
  fields: OfferFields,
  clientId: string,
): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(request.headers)
  const limits = processLimits()
  await enforceLimit(
    limits.offerCreationsPerClient,
    clientId,
    `Cette application a créé ${limits.offerCreationsPerClient.limit} offres dans la dernière minute : ` +
      'réessayez après le délai de l’en-tête Retry-After.',
  )
  const created = await createOffer(
    fields,
    { kind: 'application', clientId },
    idempotencyKey ? { idempotencyKey } : {},
  )
  return jsonResponse(
    { offre: { reference: created.reference, status: created.status } },
    {
      status: 202,
      headers: {
        Location: offerUrl(created.reference),
        'Cache-Control': 'no-store',
        ...(created.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      },
    },
  )
}
