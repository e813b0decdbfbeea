// GET /v0/datasets/:id: a dataset as JSON, GeoJSON, a redirect to its CSV file, or the file's address.
import { datasetContract } from '@/lib/datasets/contract'
import { publishedDatasetView } from '@/lib/datasets/views'
import { fileStore } from '@/lib/files'
import { apiRoute } from '@/lib/http/api-route'
import { representationResponse } from '@/lib/http/representation'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(datasetContract, async ({ params, query, request, requireScope }) => {
  const dataset = await publishedDatasetView(params.id, query, fileStore())
  requireScope(dataset.scope)
  // The route offers every format; this dataset's model may offer fewer (406 naming them).
  return representationResponse(request.headers.get('accept'), dataset)
})
export const HEAD = GET
