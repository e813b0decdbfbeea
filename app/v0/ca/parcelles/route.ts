// GET /v0/ca/parcelles (and /ca/parcelles): search of cadastral parcels, JSON pages or GeoJSON outlines.
import { parcelListContract } from '@/lib/cadastre/contracts'
import { parcelListing } from '@/lib/cadastre/parcels'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(parcelListContract, (context) => listResponse(parcelListing, context))
export const HEAD = GET
