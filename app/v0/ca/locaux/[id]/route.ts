// GET /v0/ca/locaux/:id: one local premises record (the url of every record of a `local` dataset).
import { apiRoute } from '@/lib/http/api-route'
import { premisesContract } from '@/lib/premises/contract'
import { getPremisesOrThrow } from '@/lib/premises/get-premises'
import { serialisePremises } from '@/lib/premises/serialise'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(premisesContract, async ({ params }) =>
  serialisePremises(await getPremisesOrThrow(params.id)),
)
export const HEAD = GET
