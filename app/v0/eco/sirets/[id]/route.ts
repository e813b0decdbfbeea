// GET /v0/eco/sirets/:id: the record of one establishment (the url of every search result).
import { establishmentContract } from '@/lib/establishments/search-contract'
import { establishmentRecord } from '@/lib/establishments/search-listing'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(establishmentContract, ({ request, params }) =>
  recordResponse(request, { key: params.id, load: () => establishmentRecord(params.id) }),
)
export const HEAD = GET
