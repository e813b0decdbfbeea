// What GET /v0/datasets and GET /v0/datasets/:id show (spec §4.2). A dataset's model decides its
// scope and its formats: JSON pages of records, or the CSV location view (?csv); CSV is the file
// itself (its address); GeoJSON the located records, streamed. The legacy `encoding` parameter and
// Accept-Charset are accepted but cannot change the file (rule 3): the dataset's own file is
// delivered and the location view's `encoding` says which. lib/http/representation renders them.
import type { z } from 'zod'
import type { Scope } from '../auth/scopes'
import { featureCollectionText } from '../establishments/serialise'
import type { FileStore } from '../files/file-store'
import type { Representations } from '../http/representation'
import type { datasetQuerySchema } from './contract'
import { DATASET_MODELS, datasetModel } from './models'
import {
  datasetPoints,
  datasetRecordsByGeoRank,
  getPublishedDatasetOrThrow,
  issueDownload,
  listPublishedDatasets,
  recordsPage,
} from './published'
import { serialiseCsvView, serialiseJsonView, serialiseSummary } from './serialise'

export interface DatasetRepresentations extends Representations {
  /** The scope a token must hold to read the dataset (its model's). */
  scope: Scope
}

/** A published dataset (404 otherwise) and how to show it in each format its model offers. */
export async function publishedDatasetView(
  id: string,
  query: z.output<typeof datasetQuerySchema>,
  store: FileStore,
): Promise<DatasetRepresentations> {
  const dataset = await getPublishedDatasetOrThrow(id)
  const model = datasetModel(dataset.model)
  return {
    scope: model.scope,
    formats: model.formats,
    async reply(format) {
      if (format === 'geojson') {
        // Establishments' points, or the model's own (offers carry their label).
        const chunks = model.geojson
          ? model.geojson.write(datasetRecordsByGeoRank(dataset, model.geojson.pointsQuery))
          : featureCollectionText(datasetPoints(dataset))
        return { kind: 'stream', chunks }
      }
      if (format === 'csv' || query.csv) {
        const download = await issueDownload(dataset.id, query.expires, store)
        return format === 'csv'
          ? { kind: 'file', location: download.location }
          : { kind: 'json', body: serialiseCsvView(dataset, download), expiring: true }
      }
      const data = await recordsPage(dataset, query.page, query.size)
      return { kind: 'json', body: serialiseJsonView(dataset, query.page, data) }
    },
  }
}

/** GET /v0/datasets: the datasets of the models whose scope the token holds. */
export async function listDatasetsFor(
  scopes: ReadonlySet<Scope>,
  query: { page: number; size: number },
): Promise<unknown> {
  const models = DATASET_MODELS.filter((type) => scopes.has(datasetModel(type).scope))
  const { total, datasets } = await listPublishedDatasets(models, query.page, query.size)
  return { total, page: query.page, datasets: datasets.map(serialiseSummary) }
}
