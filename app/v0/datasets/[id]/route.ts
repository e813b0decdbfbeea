// GET /v0/datasets/:id: a dataset as JSON, GeoJSON, a redirect to its CSV file, or the file's address.
import { datasetContract } from '@/lib/datasets/contract'
import { datasetResponse } from '@/lib/datasets/dataset-response'
import { fileStore } from '@/lib/files'
import { apiRoute } from '@/lib/http/api-route'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(datasetContract, ({ params, query, request, requireScope }) =>
  datasetResponse({
    id: params.id,
    query,
    accept: request.headers.get('accept'),
    requireScope,
    store: fileStore(),
  }),
)
export const HEAD = GET
