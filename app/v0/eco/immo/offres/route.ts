// GET /v0/eco/immo/offres (and /eco/immo/offres): published offers, JSON pages or GeoJSON points.
// POST: an application (scope eco:write) creates an offer, to be validated in the workshop.
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'
import { createOfferResponse, publishedOfferListing } from '@/lib/offers/api'
import { createOfferContract, offerSearchContract } from '@/lib/offers/contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(offerSearchContract, (context) => listResponse(publishedOfferListing, context))
export const HEAD = GET

export const POST = apiRoute(createOfferContract, ({ request, body, principal }) =>
  createOfferResponse(request, body!.offre, principal.clientId),
)
