// GET /v0/decoupages: the territorial division kinds (EPCI, departments, regions).
import { apiRoute } from '@/lib/http/api-route'
import { divisionsContract, divisionsResponse } from '@/lib/territory/zones-contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(divisionsContract, ({ request }) => divisionsResponse(request))
export const HEAD = GET
