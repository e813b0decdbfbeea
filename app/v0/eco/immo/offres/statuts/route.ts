// GET /v0/eco/immo/offres/statuts: the calling application's own offers and their statuses.
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'
import { ownOfferListing } from '@/lib/offers/api'
import { offerStatusesContract } from '@/lib/offers/contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(offerStatusesContract, (context) =>
  listResponse(ownOfferListing(context.principal.clientId), context),
)
export const HEAD = GET
