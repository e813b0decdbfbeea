// GET /bff/etablissements?search[…]=…&page=&size=: a JSON page of the explorer's search (signed-in
// staff), the body of GET /v0/eco/sirets.
import { searchPageBffContract } from '@/lib/establishments/bff'
import { establishmentListing } from '@/lib/establishments/search-listing'
import { bffRoute } from '@/lib/http/bff-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchPageBffContract, ({ request, url, query }) =>
  listResponse(establishmentListing, { request, url, format: 'json', query, body: undefined }),
)
