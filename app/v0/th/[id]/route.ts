// GET /v0/th/:id: one housing-tax notice with its lines per beneficiary.
import { thContract } from '@/lib/fiscal/contracts'
import { thRecord } from '@/lib/fiscal/th'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(thContract, ({ request, params }) =>
  recordResponse(request, { key: { th: params.id }, load: () => thRecord(params.id) }),
)
export const HEAD = GET
