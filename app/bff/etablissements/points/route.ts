// GET /bff/etablissements/points?search[…]=…: the GeoJSON points of the explorer's search (signed-in
// staff), as GET /v0/eco/sirets answers application/geo+json.
import { searchPointsBffContract } from '@/lib/establishments/bff'
import { establishmentListing } from '@/lib/establishments/search-listing'
import { bffRoute } from '@/lib/http/bff-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchPointsBffContract, ({ request, url, query }) =>
  listResponse(establishmentListing, { request, url, format: 'geojson', query, body: undefined }),
)
