// GET /bff/etablissements/clusters?search[…]=…&bbox=…&zoom=…: the clusters of the explorer's map view
// (signed-in staff), as GET /v0/eco/sirets/clusters answers them.
import { searchClustersBffContract } from '@/lib/establishments/bff'
import { clustersResponse } from '@/lib/establishments/search-listing'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchClustersBffContract, ({ request, query }) =>
  clustersResponse({ request, format: 'geojson', query, body: undefined }),
)
