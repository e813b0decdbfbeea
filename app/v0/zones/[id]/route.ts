// GET /v0/zones/:id: a zone's outline as one MultiPolygon feature.
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'
import { zoneContract } from '@/lib/territory/zones-contract'
import { zoneRecord } from '@/lib/territory/zones'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(zoneContract, ({ request, params, format }) =>
  recordResponse(request, { key: { zone: params.id }, format, load: () => zoneRecord(params.id) }),
)
export const HEAD = GET
