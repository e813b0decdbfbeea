// GET /v0/zones/:id: a zone's outline as one MultiPolygon feature.
import { apiRoute } from '@/lib/http/api-route'
import { zoneContract, zoneResponse } from '@/lib/territory/zones-contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(zoneContract, ({ request, params, format }) =>
  zoneResponse(request, params.id, format),
)
export const HEAD = GET
