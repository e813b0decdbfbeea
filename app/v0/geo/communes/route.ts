// GET /v0/geo/communes (and /geo/communes): communes, JSON pages or GeoJSON outlines.
import { communeListContract } from '@/lib/cadastre/geo-contracts'
import { communeListing } from '@/lib/cadastre/geo'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(communeListContract, (context) => listResponse(communeListing, context))
export const HEAD = GET
