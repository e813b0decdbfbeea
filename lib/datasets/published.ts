// Datasets as the API serves them (GET /v0/datasets, GET /v0/datasets/:id): the published version
// (the newest one whose file is ready; before the first file, the first version), its records page
// by page, its points as GeoJSON, and download addresses of its file.
import { query, type Queryable } from '../db/pool'
import { badRequest, notFound, unavailable } from '../http/api-error'
import { fileNameFromTitle } from '../http/content-disposition'
import type { FileStore } from '../files/file-store'
import type { DatasetEncoding } from './encoding'
import type { GenerationStatus } from './datasets'
import { datasetModel, type DatasetModelType } from './models'
import type { PointRef } from '../establishments/serialise'

export interface PublishedDataset {
  id: string
  title: string
  model: DatasetModelType
  version: number
  total: number
  encoding: DatasetEncoding
  snapshotId: number
  /** Records with a position (models with positions only). */
  located: number
  /** Whether the published version's file is ready (false until the first file is). */
  fileReady: boolean
}

interface PublishedRow {
  id: string
  title: string
  model: DatasetModelType
  version: number
  total: number
  encoding: DatasetEncoding
  snapshot_id: number
  located: number
  file_ready: boolean
  total_count?: number
}

const PUBLISHED_COLUMNS = `d.id, d.title, d.model, v.version, v.total, v.encoding, v.snapshot_id,
    s.located, d.current_version IS NOT NULL AS file_ready`
const PUBLISHED_FROM = `dataset d
  JOIN dataset_version v ON v.dataset_id = d.id
   AND v.version = coalesce(d.current_version, (SELECT max(m.version) FROM dataset_version m WHERE m.dataset_id = d.id))
  JOIN dataset_snapshot s ON s.id = v.snapshot_id`
const PUBLISHED_SELECT = `SELECT ${PUBLISHED_COLUMNS} FROM ${PUBLISHED_FROM}`

function toPublished(row: PublishedRow): PublishedDataset {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    version: row.version,
    total: row.total,
    encoding: row.encoding,
    snapshotId: Number(row.snapshot_id),
    located: row.located,
    fileReady: row.file_ready,
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function getPublishedDatasetOrThrow(id: string, db?: Queryable): Promise<PublishedDataset> {
  if (!UUID.test(id)) throw notFound(`Aucun jeu de données « ${id} ».`)
  const { rows } = await query<PublishedRow>(`${PUBLISHED_SELECT} WHERE d.id = $1`, [id], db)
  if (!rows[0]) throw notFound(`Aucun jeu de données « ${id} ».`)
  return toPublished(rows[0])
}

/** The datasets of the given models, newest first, one page of them, with their number. */
export async function listPublishedDatasets(
  models: readonly DatasetModelType[],
  page: number,
  size: number,
  db?: Queryable,
): Promise<{ total: number; datasets: PublishedDataset[] }> {
  const { rows } = await query<PublishedRow>(
    `SELECT count(*) OVER ()::int AS total_count, ${PUBLISHED_COLUMNS} FROM ${PUBLISHED_FROM}
      WHERE d.model = ANY($1::text[])
      ORDER BY d.created_at DESC, d.id
      LIMIT $2 OFFSET $3`,
    [models, size, (page - 1) * size],
    db,
  )
  let total = rows[0]?.total_count
  if (total === undefined) {
    const counted = await query<{ total: number }>(
      'SELECT count(*)::int AS total FROM dataset WHERE model = ANY($1::text[])',
      [models],
      db,
    )
    total = counted.rows[0]!.total
  }
  return { total, datasets: rows.map(toPublished) }
}

/** Number of pages of `size` records; an empty dataset has one (empty) page. */
function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size))
}

/** The records of one page (1-based), serialised as the model's records. */
export async function recordsPage(
  dataset: PublishedDataset,
  page: number,
  size: number,
  db?: Queryable,
): Promise<unknown[]> {
  const pages = pageCount(dataset.total, size)
  if (page > pages) {
    throw badRequest(
      `La page ${page} n’existe pas : ce jeu de données compte ${pages} page${pages > 1 ? 's' : ''} de ${size} enregistrements.`,
      [
        {
          location: 'query',
          path: 'page',
          message: `Page hors limites (1 à ${pages} pour size=${size}).`,
          code: 'too_big',
        },
      ],
    )
  }
  const model = datasetModel(dataset.model)
  const from = (page - 1) * size
  const { rows } = await query(model.recordsQuery, [dataset.snapshotId, from, from + size], db)
  return rows.map((row) => model.toWire(row))
}

/**
 * The located records of a dataset ordered by (longitude, latitude, id), read in bounded chunks
 * (ranges of geo_rank), so that a GeoJSON response streams whatever the dataset's size.
 */
export async function* datasetPoints(
  dataset: PublishedDataset,
  chunk = 5000,
  db?: Queryable,
): AsyncGenerator<PointRef> {
  yield* datasetRecordsByGeoRank<PointRef>(
    dataset,
    // The positions stored with the version (models.ts), like its pages and CSV file.
    `SELECT r.record_id AS siret, (r.record->>'lon')::double precision AS lon,
            (r.record->>'lat')::double precision AS lat
       FROM dataset_record r
      WHERE r.snapshot_id = $1 AND r.geo_rank > $2 AND r.geo_rank <= $3 AND r.record->>'lon' IS NOT NULL
      ORDER BY r.geo_rank`,
    chunk,
    db,
  )
}

/** Rows of `statement` (snapshot $1, geo_rank in ($2, $3]) for the dataset's located records, by chunks. */
export async function* datasetRecordsByGeoRank<R extends object = Record<string, unknown>>(
  dataset: PublishedDataset,
  statement: string,
  chunk = 5000,
  db?: Queryable,
): AsyncGenerator<R> {
  for (let from = 0; from < dataset.located; from += chunk) {
    const { rows } = await query<R>(statement, [dataset.snapshotId, from, from + chunk], db)
    yield* rows
  }
}

export interface Download {
  version: number
  total: number
  encoding: DatasetEncoding
  fileName: string
  /** The name the file is saved under: the dataset's title (Content-Disposition). */
  downloadName: string
  location: string
  expiresAt: Date
}

/** Seconds a client is told to wait while the first file of a dataset is being generated. */
const GENERATION_RETRY_AFTER = 5
/** After a failed generation nothing happens until an administrator acts. */
const FAILED_RETRY_AFTER = 300

/**
 * A signed address of the dataset's current file, valid `expiresIn` seconds, saving it under the
 * dataset's title. The file's version records the expiry, so that it is kept until every address
 * issued for it has expired. Without a ready file: 503 with Retry-After.
 */
export async function issueDownload(
  id: string,
  expiresIn: number,
  store: FileStore,
  db?: Queryable,
): Promise<Download> {
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + expiresIn) * 1000)
  const { rows } = await query<{
    version: number
    total: number
    encoding: DatasetEncoding
    file_name: string
    title: string
  }>(
    `UPDATE dataset_version v
        SET addresses_expire_at = greatest(v.addresses_expire_at, $2::timestamptz)
       FROM dataset d
      WHERE d.id = $1 AND v.dataset_id = d.id AND v.version = d.current_version
        AND v.status = 'ready' AND v.file_deleted_at IS NULL
      RETURNING v.version, v.total, v.encoding, v.file_name, d.title`,
    [id, expiresAt],
    db,
  )
  const file = rows[0]
  if (!file) throw await notReady(id, db)
  const downloadName = fileNameFromTitle(file.title, 'csv', 'jeu-de-donnees')
  return {
    version: file.version,
    total: file.total,
    encoding: file.encoding,
    fileName: file.file_name,
    downloadName,
    location: await store.signedUrl(file.file_name, Math.floor(expiresAt.getTime() / 1000), downloadName),
    expiresAt,
  }
}

async function notReady(id: string, db?: Queryable) {
  const { rows } = await query<{ status: GenerationStatus; rows_done: number; total: number }>(
    `SELECT status, rows_done, total FROM dataset_version WHERE dataset_id = $1 ORDER BY version DESC LIMIT 1`,
    [id],
    db,
  )
  const latest = rows[0]
  if (!latest) return notFound(`Aucun jeu de données « ${id} ».`)
  if (latest.status === 'failed') {
    return unavailable(
      'Le fichier CSV de ce jeu de données n’a pas pu être généré ; un administrateur doit relancer sa génération.',
      FAILED_RETRY_AFTER,
    )
  }
  const progress =
    latest.status === 'generating' ? ` (${latest.rows_done} enregistrements sur ${latest.total})` : ''
  return unavailable(
    `Le fichier CSV de ce jeu de données est en cours de génération${progress} ; réessayez dans quelques secondes.`,
    GENERATION_RETRY_AFTER,
  )
}
