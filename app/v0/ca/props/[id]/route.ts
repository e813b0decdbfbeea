// GET /v0/ca/props/:id: one owner account with its parcels and premises.
import { accountRecord } from '@/lib/cadastre/accounts'
import { accountContract } from '@/lib/cadastre/contracts'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(accountContract, ({ request, params }) =>
  recordResponse(request, { key: { compte: params.id }, load: () => accountRecord(params.id) }),
)
export const HEAD = GET
