// GET /v0/eco/immo/offres/:id: a published offer, or one the calling application created.
import { apiRoute } from '@/lib/http/api-route'
import { offerResponse } from '@/lib/offers/api'
import { offerContract } from '@/lib/offers/contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(offerContract, ({ request, params, principal }) =>
  offerResponse(request, params.id, principal.clientId),
)
export const HEAD = GET
