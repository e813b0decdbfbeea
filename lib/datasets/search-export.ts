// The staff's CSV export of a search (the explorer's « Exporter en CSV »): the records of the current
// search, RESULT_CAP at most, in the columns of the model's dataset files, written by the dataset
// file writer (csv-export.ts: COPY of the model's CSV SELECT, Latin-9 encoder). The search is
// captured as a dataset's snapshot would be, inside a transaction that is rolled back: the same SQL
// as a dataset file, nothing kept. The file is built whole in memory (at most about 5 MB) before a
// byte is sent, so a slow download never holds a database transaction open, and a failure is a clear
// error instead of a truncated file. Two flavours: UTF-8 with commas (data tools), or ISO-8859-15
// with semicolons, which spreadsheets set to French conventions open as they are.
import { Writable } from 'node:stream'
import type pg from 'pg'
import { z } from 'zod'
import { classifyDatabaseError } from '../db/availability'
import { pool, query, type Queryable } from '../db/pool'
import { badRequest } from '../http/api-error'
import type { BffContract } from '../http/bff-route'
import { attachmentDisposition, fileNameFromTitle } from '../http/content-disposition'
import { RESULT_CAP } from '../http/list-limits'
import { searchFromQuery } from '../http/list-request'
import { exportCsv } from './csv-export'
import type { DatasetEncoding } from './encoding'
import { datasetModel, type DatasetModelType } from './models'

export const EXPORT_FLAVOURS = {
  'utf-8': {
    encoding: 'UTF-8',
    delimiter: ',',
    label: 'CSV UTF-8, séparateur virgule (outils de données, import dans un tableur)',
  },
  'iso-8859-15': {
    encoding: 'ISO-8859-15',
    delimiter: ';',
    label:
      'CSV pour tableur : ISO-8859-15, séparateur point-virgule (ouverture directe dans Excel ou LibreOffice)',
  },
} as const satisfies Record<string, { encoding: DatasetEncoding; delimiter: ',' | ';'; label: string }>
export type ExportFlavour = keyof typeof EXPORT_FLAVOURS
export const EXPORT_FLAVOUR_VALUES = Object.keys(EXPORT_FLAVOURS) as [ExportFlavour, ...ExportFlavour[]]

export const exportFlavourSchema = z
  .enum(EXPORT_FLAVOUR_VALUES, {
    error: `encodage inconnu ; valeurs acceptées : ${EXPORT_FLAVOUR_VALUES.join(', ')}.`,
  })
  .default('utf-8')
  .describe('utf-8 (virgule) ou iso-8859-15 (point-virgule, pour les tableurs)')

export interface SearchExport {
  /** The file, in its encoding. */
  bytes: Buffer
  rows: number
  /** The name to save it under: the search described (« Établissements - Lyon - 56.10A ….csv »). */
  fileName: string
  contentType: string
  /** Characters ISO-8859-15 could not hold, written as "?". */
  replacedCharacters: number
}

const MODEL_TITLES: Partial<Record<DatasetModelType, string>> = { siret: 'Établissements' }

/** Collects a stream's bytes. */
class Collector extends Writable {
  readonly chunks: Buffer[] = []
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk)
    callback()
  }
}

function tooMany(total: number, limit: number): never {
  const n = (value: number) => value.toLocaleString('fr-FR')
  throw badRequest(
    `Cette recherche compte ${n(total)} résultats : l’export CSV en contient ${n(limit)} au plus. ` +
      'Affinez la recherche, ou demandez à un administrateur un jeu de données de cette recherche, ' +
      'qui contient la liste complète.',
    [
      {
        location: 'query',
        path: 'search',
        message: `Au plus ${n(limit)} résultats (${n(total)} ici).`,
        code: 'too_big',
      },
    ],
    { total, limit },
  )
}

/** The records of `search` as a CSV file of the model's columns, or 400 past `limit` records. */
export async function exportSearch(
  modelType: DatasetModelType,
  search: unknown,
  flavour: ExportFlavour,
  options: { limit?: number; db?: pg.Pool } = {},
): Promise<SearchExport> {
  const limit = options.limit ?? RESULT_CAP
  const model = datasetModel(modelType)
  const parsed = model.searchSchema.parse(search ?? {}) as unknown
  const { encoding, delimiter } = EXPORT_FLAVOURS[flavour]
  const client = await (options.db ?? pool()).connect()
  let failed: unknown
  try {
    await client.query('BEGIN')
    const counted = model.count(parsed)
    const total = (await client.query<{ total: number }>(counted.text, counted.values)).rows[0]!.total
    if (total > limit) tooMany(total, limit)
    // A snapshot of a dataset that never exists: rolled back below.
    const { rows } = await client.query<{ id: number }>(
      `WITH d AS (
         INSERT INTO dataset (title, model, search) VALUES ('export', $1, $2) RETURNING id
       ) INSERT INTO dataset_snapshot (dataset_id) SELECT id FROM d RETURNING id`,
      [modelType, JSON.stringify(parsed)],
    )
    const snapshotId = Number(rows[0]!.id)
    const capture = model.capture(parsed)
    const captured = await client.query<{ total: number }>(capture.text, [snapshotId, ...capture.values])
    const destination = new Collector()
    const result = await exportCsv({
      client,
      model,
      snapshotId,
      total: captured.rows[0]!.total,
      encoding,
      delimiter,
      engine: 'postgres',
      // One COPY: at most `limit` rows, on either engine.
      chunkRows: Math.max(1, limit),
      inTransaction: true,
      destination,
    })
    const title = await searchTitle(modelType, parsed, client)
    return {
      bytes: Buffer.concat(destination.chunks),
      rows: result.rows,
      fileName: fileNameFromTitle(title, 'csv'),
      contentType: `text/csv; charset=${encoding.toLowerCase()}`,
      replacedCharacters: result.replacedCharacters,
    }
  } catch (error) {
    failed = error
    throw error
  } finally {
    await client.query('ROLLBACK').catch(() => {})
    // A connection that timed out or broke is discarded, not given to the next request.
    client.release(failed !== undefined && classifyDatabaseError(failed) !== null)
  }
}

type Criteria = Record<string, string[] | undefined>

/**
 * A search in words, for its file's name: the model's records, then each criterion by its names
 * (communes, zones, departments, regions, NAF activities with their labels, headcount bands), then
 * the texts: « Établissements - Lyon - 56.10A Restauration traditionnelle - boulangerie ».
 */
export async function searchTitle(
  modelType: DatasetModelType,
  search: unknown,
  db: Queryable,
): Promise<string> {
  const base = MODEL_TITLES[modelType] ?? datasetModel(modelType).label
  if (typeof search === 'string') return search.trim() ? `${base} - ${search.trim()}` : base
  if (typeof search !== 'object' || search === null) return base
  const criteria = search as Criteria
  const { rows } = await query<Record<string, string[]>>(
    `SELECT ARRAY(SELECT nom FROM commune WHERE code = ANY($1::text[]) ORDER BY nom) AS communes,
            ARRAY(SELECT nom FROM zone WHERE id::text = ANY($2::text[]) ORDER BY nom) AS zones,
            ARRAY(SELECT nom FROM departement WHERE code = ANY($3::text[]) ORDER BY code) AS departements,
            ARRAY(SELECT nom FROM region WHERE code = ANY($4::text[]) ORDER BY nom) AS regions,
            ARRAY(SELECT code || ' ' || libelle FROM naf
                   WHERE replace(code, '.', '') = ANY($5::text[]) ORDER BY code) AS nafs,
            ARRAY(SELECT libelle FROM tranche_effectif WHERE code = ANY($6::text[]) ORDER BY rang) AS tranches`,
    [
      criteria.code_commune ?? criteria.codcom ?? [],
      criteria.zone_id ?? [],
      criteria.departement ?? [],
      criteria.region ?? [],
      (criteria.code_naf ?? []).map((code) => code.replace('.', '')),
      criteria.tranche_effectif ?? [],
    ],
    db,
  )
  const names = rows[0] ?? {}
  const parts = ['communes', 'zones', 'departements', 'regions', 'nafs', 'tranches']
    .map((key) => (names[key] ?? []).join(', '))
    .filter(Boolean)
  for (const key of ['siren', 'siret', 'q'] as const) {
    const values = criteria[key]
    if (values?.length) parts.push(values.join(', '))
  }
  return [base, ...parts].join(' - ')
}

// The explorer's BFF route (GET /bff/etablissements/export, any signed-in staff member) ------------

export const searchExportBffContract = {
  role: 'staff',
  query: z.strictObject(
    {
      search: z.preprocess(searchFromQuery, datasetModel('siret').searchSchema).optional(),
      encodage: exportFlavourSchema,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres acceptés : search, encodage.`
          : undefined,
    },
  ),
} satisfies BffContract

/** The file of the explorer's search, saved under the search's description. */
export async function searchExportResponse(
  query: z.output<typeof searchExportBffContract.query>,
): Promise<Response> {
  const file = await exportSearch('siret', query.search ?? {}, query.encodage)
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(file.fileName),
      'Cache-Control': 'no-store',
      'X-Export-Rows': String(file.rows),
    },
  })
}
