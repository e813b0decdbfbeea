// GET /v0/ca/pev/:id: one evaluation part of a premises, with its premises' link.
import { pevContract } from '@/lib/fiscal/contracts'
import { pevRecord } from '@/lib/fiscal/pev'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(pevContract, ({ request, params }) =>
  recordResponse(request, { key: { pev: params.id }, load: () => pevRecord(params.id) }),
)
export const HEAD = GET
