// GET /v0/ca/locaux/:id: one local premises record (the url of every record of a `local` dataset).
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'
import { premisesContract } from '@/lib/premises/contract'
import { premisesRecord } from '@/lib/premises/get-premises'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(premisesContract, ({ request, params }) =>
  recordResponse(request, { key: { local: params.id }, load: () => premisesRecord(params.id) }),
)
export const HEAD = GET
