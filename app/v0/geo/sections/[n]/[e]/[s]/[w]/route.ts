// GET /v0/geo/sections/:n/:e/:s/:w: the cadastral sections meeting a box, as GeoJSON.
import { boxFeatures } from '@/lib/cadastre/geo'
import { sectionBoxContract } from '@/lib/cadastre/geo-contracts'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(sectionBoxContract, ({ request, params, format }) =>
  recordResponse(request, {
    key: { sections: params },
    format,
    load: () => boxFeatures('sections', params),
  }),
)
export const HEAD = GET
