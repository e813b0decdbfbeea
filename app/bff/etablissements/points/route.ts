// GET /bff/etablissements/points?search[…]=…: the GeoJSON points of the explorer's search (signed-in
// staff), as GET /v0/eco/sirets answers application/geo+json.
import { searchPointsBffContract } from '@/lib/establishments/bff'
import { searchResponse } from '@/lib/establishments/search-response'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchPointsBffContract, ({ request, url, query }) =>
  searchResponse({ request, url, format: 'geojson', query, body: undefined }),
)
