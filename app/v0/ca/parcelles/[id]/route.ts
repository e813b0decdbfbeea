// GET /v0/ca/parcelles/:id: one parcel with its premises and owner accounts, or its GeoJSON Feature.
import { parcelContract } from '@/lib/cadastre/contracts'
import { parcelRecord } from '@/lib/cadastre/parcels'
import { apiRoute } from '@/lib/http/api-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(parcelContract, ({ request, params, format }) =>
  recordResponse(request, {
    key: { parcelle: params.id },
    format,
    load: () => parcelRecord(params.id, format === 'geojson' ? 'geojson' : 'json'),
  }),
)
export const HEAD = GET
