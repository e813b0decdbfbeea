// Loading one SIRENE file into its staging table: streamed, mapped row by row, sent through COPY in
// bounded chunks (the next chunk is built while the previous one loads).
import type pg from 'pg'
import { copyRowBatches, type CopyValue } from '../db/copy'
import { normaliseName, normaliseNullable } from '../text/normalise'
import { mapGeolocationRow } from './geolocation'
import { indexColumns, type SireneFileKind } from './layout'
import { mapLegalUnitRow } from './legal-unit'
import { readCsvRows } from './source-file'

export interface FileSummary {
  fichier: string
  lues: number
  retenues: number
  ignorees: Record<string, number>
}

export const STAGING = {
  unitesLegales: 'sirene_import_unite_legale',
  etablissements: 'sirene_import_etablissement',
  geolocalisation: 'sirene_import_geolocalisation',
} as const

/** The map's cells counted from the new table while its indexes build (swapped in with it). */
export const STAGED_CELLS = 'sirene_import_maille'

const STAGING_DDL = {
  unitesLegales: `CREATE UNLOGGED TABLE ${STAGING.unitesLegales} (
    ligne bigint NOT NULL, siren text NOT NULL, entreprise text NOT NULL, denomination_usuelle text,
    categorie_juridique text, code_naf text, entreprise_norm text NOT NULL, denomination_norm text)`,
  etablissements: `CREATE UNLOGGED TABLE ${STAGING.etablissements} (
    ligne bigint NOT NULL, siret text NOT NULL, siren text NOT NULL, diffusion_partielle boolean NOT NULL,
    enseigne text NOT NULL, denomination_usuelle text, adresse text NOT NULL, code_postal text,
    code_commune text NOT NULL, libelle_commune text NOT NULL, code_naf text,
    tranche_effectif text NOT NULL, date_creation date, etat_administratif text NOT NULL,
    commune_renumerotee boolean NOT NULL, enseigne_norm text NOT NULL, denomination_norm text,
    lon double precision, lat double precision)`,
  geolocalisation: `CREATE UNLOGGED TABLE ${STAGING.geolocalisation} (
    ligne bigint NOT NULL, siret text NOT NULL, lon double precision NOT NULL, lat double precision NOT NULL)`,
} as const

const STAGING_COLUMNS = {
  unitesLegales: [
    'ligne',
    'siren',
    'entreprise',
    'denomination_usuelle',
    'categorie_juridique',
    'code_naf',
    'entreprise_norm',
    'denomination_norm',
  ],
  etablissements: [
    'ligne',
    'siret',
    'siren',
    'diffusion_partielle',
    'enseigne',
    'denomination_usuelle',
    'adresse',
    'code_postal',
    'code_commune',
    'libelle_commune',
    'code_naf',
    'tranche_effectif',
    'date_creation',
    'etat_administratif',
    'commune_renumerotee',
    'enseigne_norm',
    'denomination_norm',
    'lon',
    'lat',
  ],
  geolocalisation: ['ligne', 'siret', 'lon', 'lat'],
} as const

/** Staging tables (and the table being built) left by an interrupted run. */
export async function dropStagingTables(db: pg.Pool | pg.PoolClient): Promise<void> {
  await db.query(
    `DROP TABLE IF EXISTS ${Object.values(STAGING).join(', ')}, ${STAGED_CELLS}, etablissement_next`,
  )
}

/** Creates the (empty) staging table of each file to load. */
export async function createStagingTables(
  db: pg.Pool | pg.PoolClient,
  kinds: readonly SireneFileKind[],
): Promise<void> {
  for (const kind of kinds) await db.query(STAGING_DDL[kind])
}

/** Staging values of one row, or the reason it is skipped. */
export type RowMapper = (row: string[]) => readonly CopyValue[] | string

export function legalUnitMapper(header: string[], file: string): RowMapper {
  const at = indexColumns('unitesLegales', header, file)
  return (row) => {
    const u = mapLegalUnitRow(row, at)
    return typeof u === 'string'
      ? u
      : [
          u.siren,
          u.entreprise,
          u.denominationUsuelle,
          u.categorieJuridique,
          u.codeNaf,
          normaliseName(u.entreprise),
          normaliseNullable(u.denominationUsuelle),
        ]
  }
}

export function geolocationMapper(header: string[], file: string): RowMapper {
  const at = indexColumns('geolocalisation', header, file)
  return (row) => {
    const g = mapGeolocationRow(row, at)
    return typeof g === 'string' ? g : [g.siret, g.lon, g.lat]
  }
}

/** Progress of one file: bytes of the file read, rows read. */
export type FileProgress = (bytes: number, size: number, rows: number) => void

/** Streams one file through its row mapper into its (existing) staging table. */
export async function stageFile(
  client: pg.PoolClient,
  kind: SireneFileKind,
  file: string,
  mapperFor: (header: string[], file: string) => RowMapper,
  onProgress: FileProgress = () => {},
  chunkRows?: number,
): Promise<FileSummary> {
  const csv = await readCsvRows(file, kind)
  const map = mapperFor(csv.header, file)
  const summary: FileSummary = { fichier: file, lues: 0, retenues: 0, ignorees: {} }
  onProgress(0, csv.size, 0)
  await copyRowBatches(
    client,
    STAGING[kind],
    STAGING_COLUMNS[kind],
    (async function* () {
      for await (const batch of csv.batches) {
        const staged: CopyValue[][] = []
        for (const row of batch) {
          summary.lues++
          const mapped = map(row)
          if (typeof mapped === 'string') {
            summary.ignorees[mapped] = (summary.ignorees[mapped] ?? 0) + 1
            continue
          }
          summary.retenues++
          staged.push([summary.lues, ...mapped])
        }
        yield staged
      }
    })(),
    {
      ...(chunkRows ? { chunkRows } : {}),
      onProgress: () => onProgress(csv.bytesRead(), csv.size, summary.lues),
    },
  )
  onProgress(csv.size, csv.size, summary.lues)
  return summary
}
