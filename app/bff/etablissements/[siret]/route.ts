// GET /bff/etablissements/:siret: one establishment's record (signed-in staff), as GET /v0/eco/sirets/:id.
import { establishmentBffContract } from '@/lib/establishments/bff'
import { establishmentRecord } from '@/lib/establishments/search-listing'
import { bffRoute } from '@/lib/http/bff-route'
import { recordResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(establishmentBffContract, ({ request, params }) =>
  recordResponse(request, { key: params.siret, load: () => establishmentRecord(params.siret) }),
)
