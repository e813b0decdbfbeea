// POST /bff/datasets/:id/refresh: replays the stored search (new records, new file) (admin).
import { datasetActionContract, refreshDatasetHandler } from '@/lib/datasets/bff'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(datasetActionContract, ({ params }) => refreshDatasetHandler(params.id))
