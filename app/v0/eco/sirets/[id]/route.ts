// GET /v0/eco/sirets/:id: the record of one establishment (the url of every search result).
import { establishmentContract } from '@/lib/establishments/search-contract'
import { establishmentResponse } from '@/lib/establishments/search-response'
import { apiRoute } from '@/lib/http/api-route'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(establishmentContract, ({ request, params }) =>
  establishmentResponse({ request, siret: params.id }),
)
export const HEAD = GET
