// GET /v0/decoupages/:id: the zones of one division kind.
import { apiRoute } from '@/lib/http/api-route'
import { divisionContract, divisionResponse } from '@/lib/territory/zones-contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(divisionContract, ({ request, params }) => divisionResponse(request, params.id))
export const HEAD = GET
