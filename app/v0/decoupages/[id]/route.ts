// GET /v0/decoupages/:id: the zones of one division kind.
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'
import { divisionContract } from '@/lib/territory/zones-contract'
import { divisionRecord } from '@/lib/territory/zones'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(divisionContract, ({ request, params }) =>
  recordResponse(request, { key: { division: params.id }, load: () => divisionRecord(params.id) }),
)
export const HEAD = GET
