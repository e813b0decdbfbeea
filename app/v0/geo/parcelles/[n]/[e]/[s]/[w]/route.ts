// GET /v0/geo/parcelles/:n/:e/:s/:w: the cadastral parcelles meeting a box, as GeoJSON.
import { boxFeatures } from '@/lib/cadastre/geo'
import { parcelBoxContract } from '@/lib/cadastre/geo-contracts'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(parcelBoxContract, ({ request, params, format }) =>
  recordResponse(request, {
    key: { parcelles: params },
    format,
    load: () => boxFeatures('parcelles', params),
  }),
)
export const HEAD = GET
