// GET /v0/th (and /th): search of housing-tax notices (second homes, vacant dwellings), JSON pages.
import { thListContract } from '@/lib/fiscal/contracts'
import { thListing } from '@/lib/fiscal/th'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(thListContract, (context) => listResponse(thListing, context))
export const HEAD = GET
