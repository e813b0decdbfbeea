// GET /v0/decoupages: the territorial division kinds (EPCI, departments, regions).
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'
import { divisionsContract } from '@/lib/territory/zones-contract'
import { listDivisions } from '@/lib/territory/zones'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(divisionsContract, ({ request }) =>
  recordResponse(request, { key: 'decoupages', load: async () => ({ decoupages: await listDivisions() }) }),
)
export const HEAD = GET
