// GET /v0/ca/locaux (and /ca/locaux): search of local premises, JSON pages.
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'
import { premisesListContract } from '@/lib/premises/contract'
import { premisesListing } from '@/lib/premises/listing'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(premisesListContract, (context) => listResponse(premisesListing, context))
export const HEAD = GET
