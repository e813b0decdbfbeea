// GET /bff/etablissements?search[…]=…&page=&size=: a JSON page of the explorer's search (signed-in
// staff), the body of GET /v0/eco/sirets.
import { searchPageBffContract } from '@/lib/establishments/bff'
import { searchResponse } from '@/lib/establishments/search-response'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchPageBffContract, ({ request, url, query }) =>
  searchResponse({ request, url, format: 'json', query, body: undefined }),
)
