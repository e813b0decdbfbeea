// GET /v0/eco/sirets (and /eco/sirets): establishment search, JSON pages or GeoJSON points.
import { searchContract } from '@/lib/establishments/search-contract'
import { searchResponse } from '@/lib/establishments/search-response'
import { apiRoute } from '@/lib/http/api-route'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(searchContract, ({ request, url, format, query, body }) =>
  searchResponse({ request, url, format, query, body }),
)
export const HEAD = GET
