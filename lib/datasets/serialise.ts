// Datasets on the wire: the JSON view (spec §2.2), the CSV location view (spec §2.3), the list of
// GET /v0/datasets, and the workshop's view for administrators (status, progress, files).
import { z } from 'zod'
import { MEDIA_TYPES } from '../http/negotiate'
import type { Dataset, DatasetVersion } from './datasets'
import { DATASET_ENCODINGS } from './encoding'
import { DATASET_MODELS, datasetModel, modelDescriptionUrl } from './models'
import type { Download, PublishedDataset } from './published'

const datasetUrl = (id: string) => `/v0/datasets/${id}`

export const datasetJsonViewSchema = z
  .object({
    title: z.string(),
    version: z.int().min(1),
    total: z.int().min(0),
    page: z.int().min(1),
    model: z
      .object({
        type: z.enum(DATASET_MODELS),
        url: z.string().describe('Adresse de la description du modèle'),
      })
      .strict(),
    data: z.array(z.union(DATASET_MODELS.map((type) => datasetModel(type).recordSchema))),
  })
  .strict()
export type DatasetJsonView = z.infer<typeof datasetJsonViewSchema>

export const datasetCsvViewSchema = z
  .object({
    title: z.string(),
    version: z.int().min(1),
    total: z.int().min(0),
    encoding: z.enum(DATASET_ENCODINGS),
    location: z.string().describe('Adresse de téléchargement signée et temporaire du fichier CSV'),
  })
  .strict()
export type DatasetCsvView = z.infer<typeof datasetCsvViewSchema>

export function serialiseJsonView(dataset: PublishedDataset, page: number, data: unknown[]): DatasetJsonView {
  return {
    title: dataset.title,
    version: dataset.version,
    total: dataset.total,
    page,
    model: { type: dataset.model, url: modelDescriptionUrl(dataset.model) },
    data: data as DatasetJsonView['data'],
  }
}

export function serialiseCsvView(dataset: PublishedDataset, download: Download): DatasetCsvView {
  return {
    title: dataset.title,
    version: download.version,
    total: download.total,
    encoding: download.encoding,
    location: download.location,
  }
}

export const datasetSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    model: z.enum(DATASET_MODELS),
    version: z.int().min(1),
    total: z.int().min(0),
    encoding: z.enum(DATASET_ENCODINGS),
    formats: z.array(z.string()).describe('Types de médias proposés'),
    url: z.string(),
  })
  .strict()

export const datasetListSchema = z
  .object({
    total: z.int().min(0),
    page: z.int().min(1),
    datasets: z.array(datasetSummarySchema),
  })
  .strict()

export function serialiseSummary(dataset: PublishedDataset): z.infer<typeof datasetSummarySchema> {
  return {
    id: dataset.id,
    title: dataset.title,
    model: dataset.model,
    version: dataset.version,
    total: dataset.total,
    encoding: dataset.encoding,
    formats: datasetModel(dataset.model).formats.map((f) => MEDIA_TYPES[f]),
    url: datasetUrl(dataset.id),
  }
}

// The workshop (administrators, BFF) -------------------------------------------------------------

const iso = (value: Date | null) => (value ? value.toISOString() : null)

function serialiseVersion(v: DatasetVersion) {
  return {
    version: v.version,
    status: v.status,
    failure_reason: v.failureReason,
    encoding: v.encoding,
    total: v.total,
    progress: { rows: v.rowsDone, total: v.total },
    replaced_characters: v.replacedCharacters,
    file_name: v.fileName,
    file_bytes: v.fileBytes,
    attempts: v.attempts,
    created_at: v.createdAt.toISOString(),
    started_at: iso(v.startedAt),
    finished_at: iso(v.finishedAt),
  }
}

/** A dataset as the workshop shows it: the generation in progress (latest) and the file served (current). */
export function serialiseAdminDataset(dataset: Dataset) {
  const served = dataset.current
  return {
    id: dataset.id,
    title: dataset.title,
    model: dataset.model,
    search: dataset.search,
    encoding: dataset.encoding,
    /** Status of the newest version's generation. */
    status: dataset.latest.status,
    failure_reason: dataset.latest.failureReason,
    progress: { rows: dataset.latest.rowsDone, total: dataset.latest.total },
    version: served?.version ?? dataset.latest.version,
    total: served?.total ?? dataset.latest.total,
    replaced_characters: (served ?? dataset.latest).replacedCharacters,
    formats: datasetModel(dataset.model).formats.map((f) => MEDIA_TYPES[f]),
    url: datasetUrl(dataset.id),
    latest: serialiseVersion(dataset.latest),
    current: served ? serialiseVersion(served) : null,
    created_at: dataset.createdAt.toISOString(),
    updated_at: dataset.updatedAt.toISOString(),
  }
}
export type AdminDatasetWire = ReturnType<typeof serialiseAdminDataset>
