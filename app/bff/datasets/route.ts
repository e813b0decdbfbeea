// GET /bff/datasets: every dataset with its generation status and progress (admin). POST: create one from a search.
import {
  createDatasetContract,
  createDatasetHandler,
  listDatasetsContract,
  listDatasetsHandler,
} from '@/lib/datasets/bff'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(listDatasetsContract, () => listDatasetsHandler())

export const POST = bffRoute(createDatasetContract, ({ body }) => createDatasetHandler(body))
