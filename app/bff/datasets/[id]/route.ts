// GET /bff/datasets/:id: one dataset (admin). PATCH: change its title or encoding (a new file). DELETE: delete it and its files.
import {
  datasetActionContract,
  deleteDatasetHandler,
  getDatasetHandler,
  updateDatasetContract,
  updateDatasetHandler,
} from '@/lib/datasets/bff'
import { fileStore } from '@/lib/files'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(datasetActionContract, ({ params }) => getDatasetHandler(params.id))

export const PATCH = bffRoute(updateDatasetContract, ({ params, body }) =>
  updateDatasetHandler(params.id, body),
)

export const DELETE = bffRoute(datasetActionContract, ({ params }) =>
  deleteDatasetHandler(params.id, fileStore()),
)
