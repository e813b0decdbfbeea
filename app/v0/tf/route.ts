// GET /v0/tf (and /tf): search of property-tax notices, JSON pages.
import { tfListContract } from '@/lib/fiscal/contracts'
import { tfListing } from '@/lib/fiscal/tf'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(tfListContract, (context) => listResponse(tfListing, context))
export const HEAD = GET
