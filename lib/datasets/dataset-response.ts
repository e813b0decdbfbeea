// GET /v0/datasets/:id: picks the representation (spec §4.2) once the dataset — and so its model's
// scope and formats — is known: JSON page, CSV location view (?csv), 302 to the file (text/csv) or
// streamed GeoJSON. The legacy `encoding` parameter and Accept-Charset are accepted but cannot change
// the file (rule 3): the dataset's own file is delivered and the location view's `encoding` says which.
import type { z } from 'zod'
import type { Scope } from '../auth/scopes'
import { featureCollectionText } from '../establishments/serialise'
import type { FileStore } from '../files/file-store'
import { MEDIA_TYPES, negotiate } from '../http/negotiate'
import { jsonResponse } from '../http/respond'
import { textStream } from '../http/stream'
import type { datasetQuerySchema } from './contract'
import { DATASET_MODELS, datasetModel } from './models'
import {
  datasetPoints,
  getPublishedDatasetOrThrow,
  issueDownload,
  listPublishedDatasets,
  recordsPage,
} from './published'
import { serialiseCsvView, serialiseJsonView, serialiseSummary } from './serialise'

export interface DatasetRequest {
  id: string
  query: z.output<typeof datasetQuerySchema>
  accept: string | null
  requireScope(scope: Scope): void
  store: FileStore
}

const VARY = 'Accept'

export { textStream }

export async function datasetResponse(request: DatasetRequest): Promise<Response> {
  const dataset = await getPublishedDatasetOrThrow(request.id)
  const model = datasetModel(dataset.model)
  request.requireScope(model.scope)
  // The route offers every format; this dataset's model may offer fewer (406 naming them).
  const format = negotiate(request.accept, model.formats)

  if (format === 'geojson') {
    return new Response(textStream(featureCollectionText(datasetPoints(dataset))), {
      headers: { 'Content-Type': MEDIA_TYPES.geojson, Vary: VARY },
    })
  }
  if (format === 'csv') {
    const download = await issueDownload(dataset.id, request.query.expires, request.store)
    return new Response(null, {
      status: 302,
      headers: { Location: download.location, 'Cache-Control': 'no-store', Vary: VARY },
    })
  }
  if (request.query.csv) {
    const download = await issueDownload(dataset.id, request.query.expires, request.store)
    return jsonResponse(serialiseCsvView(dataset, download), {
      headers: { 'Cache-Control': 'no-store', Vary: VARY },
    })
  }
  const data = await recordsPage(dataset, request.query.page, request.query.size)
  return jsonResponse(serialiseJsonView(dataset, request.query.page, data), { headers: { Vary: VARY } })
}

/** GET /v0/datasets: the datasets of the models whose scope the token holds. */
export async function datasetListResponse(
  scopes: ReadonlySet<Scope>,
  query: { page: number; size: number },
): Promise<unknown> {
  const models = DATASET_MODELS.filter((type) => scopes.has(datasetModel(type).scope))
  const { total, datasets } = await listPublishedDatasets(models, query.page, query.size)
  return { total, page: query.page, datasets: datasets.map(serialiseSummary) }
}
