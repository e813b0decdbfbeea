// GET /v0/tf/:id: one property-tax notice with its lines per beneficiary and its sources.
import { tfContract } from '@/lib/fiscal/contracts'
import { tfRecord } from '@/lib/fiscal/tf'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(tfContract, ({ request, params }) =>
  recordResponse(request, { key: { tf: params.id }, load: () => tfRecord(params.id) }),
)
export const HEAD = GET
