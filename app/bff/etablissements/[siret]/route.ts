// GET /bff/etablissements/:siret: one establishment's record (signed-in staff), as GET /v0/eco/sirets/:id.
import { establishmentBffContract } from '@/lib/establishments/bff'
import { establishmentResponse } from '@/lib/establishments/search-response'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(establishmentBffContract, ({ request, params }) =>
  establishmentResponse({ request, siret: params.siret }),
)
