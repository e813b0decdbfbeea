// GET /v0/ca/suf/:id: one fiscal subdivision of a parcel, with its parcel's link.
import { sufContract } from '@/lib/fiscal/contracts'
import { sufRecord } from '@/lib/fiscal/suf'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(sufContract, ({ request, params }) =>
  recordResponse(request, { key: { suf: params.id }, load: () => sufRecord(params.id) }),
)
export const HEAD = GET
