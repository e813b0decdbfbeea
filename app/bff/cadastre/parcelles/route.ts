// GET /bff/cadastre/parcelles?bbox=w,s,e,n: the outlines of the parcels of a map view (signed-in
// staff), drawn by the maps from zoom 16.
import { parcelOutlinesBffContract, parcelOutlinesHandler } from '@/lib/cadastre/outlines-bff'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(parcelOutlinesBffContract, ({ query }) => parcelOutlinesHandler(query.bbox))
