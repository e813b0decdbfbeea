// GET /v0/eco/sirets/clusters (and /eco/sirets/clusters): a search's located establishments in a map
// view, grouped with their counts.
import { clustersContract } from '@/lib/establishments/search-contract'
import { clustersResponse } from '@/lib/establishments/search-listing'
import { apiRoute } from '@/lib/http/api-route'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(clustersContract, ({ request, format, query, body }) =>
  clustersResponse({ request, format, query, body }),
)
export const HEAD = GET
