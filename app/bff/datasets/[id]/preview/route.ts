// GET /bff/datasets/:id/preview?size=N: the first records of the dataset's served version (admin).
import { previewDatasetContract, previewDatasetHandler } from '@/lib/datasets/bff'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(previewDatasetContract, ({ params, query }) =>
  previewDatasetHandler(params.id, query.size),
)
