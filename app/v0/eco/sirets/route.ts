// GET /v0/eco/sirets (and /eco/sirets): establishment search, JSON pages or GeoJSON points.
import { searchContract } from '@/lib/establishments/search-contract'
import { establishmentListing } from '@/lib/establishments/search-listing'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(searchContract, (context) => listResponse(establishmentListing, context))
export const HEAD = GET
