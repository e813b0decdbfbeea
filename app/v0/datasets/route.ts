// GET /v0/datasets: the datasets the token's scopes allow, newest first, paginated.
import { datasetListContract } from '@/lib/datasets/contract'
import { listDatasetsFor } from '@/lib/datasets/views'
import { apiRoute } from '@/lib/http/api-route'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(datasetListContract, ({ principal, query }) =>
  listDatasetsFor(principal.scopes, query),
)
export const HEAD = GET
