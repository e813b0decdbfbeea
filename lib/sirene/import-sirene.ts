// Imports INSEE's SIRENE stock files into table etablissement, replacing what it held.
//
//   1. Sorted files (as INSEE publishes them: legal units by SIREN, establishments and positions
//      by SIRET) are read together as a merge join (lib/sirene/merge-files): each row mapped in
//      TypeScript (names normalised for search, lib/text/normalise) and the final rows COPY'd
//      straight into the new table, beside the served one. The order of every file is checked as
//      it is read; a file that is not sorted stops the merge, and the import starts over on the
//      staging path, which accepts any order:
//   1'. each file is streamed, mapped row by row and loaded through COPY into its own staging
//      table; duplicated keys are removed (the last row of the file wins), then the new table is
//      built from the staging tables (legal units joined on SIREN, positions on SIRET, NAF codes
//      checked against the nomenclature) by several connections at once.
//      Either way memory stays flat whatever the size of the files, and without a geolocation
//      file positions come from the establishments' own Lambert columns.
//   2. The new table is given its indexes and statistics (no per-row SQL function: the search
//      columns arrive computed).
//   3. One short transaction swaps it in place of the served table and records the data info of
//      GET /.
//
// Until that transaction commits, the previous establishments stay served; any failure (missing
// file, corrupt row, interruption) leaves them untouched. A re-run starts from scratch and gives the
// same result: the staging tables and the new table are rebuilt each time.
import os from 'node:os'
import type pg from 'pg'
import { runConcurrently } from '../db/concurrent'
import { dependentsOf, prepareTableSwap, type TableSwap } from '../db/table-swap'
import { ESTABLISHMENT_COLUMNS } from '../establishments/record'
import { recordDataInfo } from '../data-info/data-info'
import { countCellsStatements, replaceClusterCells } from '../establishments/cluster-cells'
import { referenceData } from '../territory/reference-data'
import { normaliseName, normaliseNullable } from '../text/normalise'
import { communeResolver, formerCommuneCodes } from './commune-codes'
import { mapEstablishmentRow } from './establishment-row'
import { indexColumns, type SireneFileKind } from './layout'
import { mergeIntoTable, UnsortedInputError } from './merge-files'
import {
  createStagingTables,
  dropStagingTables,
  geolocationMapper,
  legalUnitMapper,
  STAGED_CELLS,
  STAGING,
  stageFile,
  type FileProgress,
  type FileSummary,
} from './stage-file'

export type { FileSummary }

export interface SireneFiles {
  etablissements: string
  unitesLegales: string
  geolocalisation?: string | undefined
}

export interface SireneImportOptions extends SireneFiles {
  /** Leave closed establishments out. */
  onlyActive?: boolean
  /** Keep establishments of these departments only (codes as in the COG: 35, 2A, 971…). */
  departements?: readonly string[] | null
  onProgress?: (event: SireneImportProgress) => void
  /** Rows per COPY statement. */
  chunkRows?: number
  /**
   * Read the files as a merge join when they are sorted (default true); false always takes the
   * staging path.
   */
  merge?: boolean
  /** Messages worth showing (the merge given up for the staging path, and why). */
  onNotice?: (message: string) => void
}

/**
 * Reading the three files together into the new table (merge), or reading each file then building
 * the new table (staging path); then creating its indexes.
 */
export type SireneImportPhase =
  'fusion' | 'unites-legales' | 'etablissements' | 'geolocalisation' | 'construction' | 'index'

export interface SireneImportProgress {
  phase: SireneImportPhase
  /** Bytes read from the file (file phases) or steps done. */
  done: number
  total: number
  /** Rows read so far (file phases). */
  rows?: number
  /** Building phases are counted in steps (statements run). */
  unit?: 'steps'
}

export interface SireneImportSummary {
  fichiers: Partial<Record<SireneFileKind, FileSummary>>
  /** Establishments now served. */
  etablissements: number
  /** Establishments read and kept by the row checks but not imported, by reason. */
  ecartes: Record<string, number>
  avecPosition: number
  diffusionPartielle: number
  communesRenumerotees: number
  /** How the files were read: merged (sorted files) or through staging tables. */
  methode: 'fusion' | 'tables intermédiaires'
  /** Why the merge was given up for the staging path (a file not sorted). */
  repli?: string
  milliseconds: number
}

/** The new table, filled, and what its construction counted. */
interface BuiltTable {
  swap: TableSwap
  inserted: number
  doublons: number
  distincts: number
  sansUnite: number
  avecPosition: number
  partielle: number
  renumerotees: number
}

const INSERT_COLUMNS = ESTABLISHMENT_COLUMNS.join(', ')

/**
 * The new establishments from the staging tables (deduplicated), in `parts` independent slices
 * (by a hash of the SIRET) that several connections can insert at once.
 */
function buildStatements(target: string, withPositions: boolean, parts: number): string[] {
  // Positions of the geolocation file, else the establishments' own (never for partial diffusion:
  // the mapping already left those out).
  const position = withPositions
    ? `CASE WHEN NOT e.diffusion_partielle THEN g.lon END, CASE WHEN NOT e.diffusion_partielle THEN g.lat END`
    : 'e.lon, e.lat'
  // The normalised names were computed when the files were read; the search text joins the
  // non-empty ones with a space, as searchText does.
  const denominationNorm = 'coalesce(e.denomination_norm, u.denomination_norm)'
  return Array.from(
    { length: parts },
    (_, part) => `INSERT INTO ${target} (${INSERT_COLUMNS})
    SELECT e.siret, e.siren, u.entreprise, e.enseigne, coalesce(e.denomination_usuelle, u.denomination_usuelle),
           e.adresse, e.code_postal, e.code_commune, e.libelle_commune, coalesce(ne.code, nu.code),
           e.tranche_effectif, NULL, NULL, ${position}, e.date_creation, u.categorie_juridique,
           e.etat_administratif, u.entreprise_norm, e.enseigne_norm, ${denominationNorm},
           concat_ws(' ', nullif(u.entreprise_norm, ''), nullif(e.enseigne_norm, ''), nullif(${denominationNorm}, ''))
      FROM ${STAGING.etablissements} e
      JOIN ${STAGING.unitesLegales} u ON u.siren = e.siren
      LEFT JOIN naf ne ON ne.code = e.code_naf
      LEFT JOIN naf nu ON nu.code = u.code_naf
      ${withPositions ? `LEFT JOIN ${STAGING.geolocalisation} g ON g.siret = e.siret` : ''}
     WHERE coalesce(ne.code, nu.code) IS NOT NULL
       ${parts > 1 ? `AND (hashtext(e.siret) & 2147483647) % ${parts} = ${part}` : ''}`,
  )
}

/** Keeps the last row of each key of a staging table (its row count: how many were removed). */
function removeDuplicatesStatement(table: string, key: string): string {
  return `DELETE FROM ${table} a USING ${table} b WHERE a.${key} = b.${key} AND a.ligne < b.ligne`
}

/** Connections used to build the new table (each a backend, so a core, on PostgreSQL). */
const PARALLELISM = Math.max(1, Math.min(os.availableParallelism(), 4))
const BUILD_SETTINGS = { work_mem: '64MB', maintenance_work_mem: '256MB' }

export async function importSirene(db: pg.Pool, options: SireneImportOptions): Promise<SireneImportSummary> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const ref = referenceData()
  const communes = communeResolver(ref.communes, formerCommuneCodes())
  const filter = {
    onlyActive: options.onlyActive ?? false,
    departements: options.departements?.length ? new Set(options.departements) : null,
    // Without the geolocation file, positions come from the establishments' own Lambert columns.
    ownPositions: !options.geolocalisation,
  }
  const dependents = await dependentsOf(db, 'etablissement')
  if (dependents.length > 0)
    throw new Error(
      `table etablissement cannot be replaced while other objects depend on it: ${dependents.join(', ')}`,
    )

  let client = await db.connect()
  let held = true
  // The concurrent steps take their own connections from the pool: this one goes back meanwhile,
  // so that a pool of any size (DB_POOL_SIZE) is enough.
  const concurrently = async <T>(work: (connections: number) => Promise<T>): Promise<T> => {
    client.release()
    held = false
    const result = await work(Math.max(1, Math.min(PARALLELISM, db.options.max ?? PARALLELISM)))
    client = await db.connect()
    held = true
    return result
  }
  let fichiers: SireneImportSummary['fichiers'] = {}

  /** The fast path: sorted files merged straight into the new table. */
  const mergePath = async (): Promise<BuiltTable> => {
    const swap = await prepareTableSwap(client, 'etablissement')
    const { rows: naf } = await client.query<{ code: string }>('SELECT code FROM naf')
    progress({ phase: 'fusion', done: 0, total: 1 })
    const merged = await mergeIntoTable(client, swap.next, {
      files: options,
      filter,
      communes,
      nafCodes: new Set(naf.map((r) => r.code)),
      onProgress: (done, total, rows) => progress({ phase: 'fusion', done, total, rows }),
      ...(options.chunkRows ? { chunkRows: options.chunkRows } : {}),
    })
    fichiers = merged.fichiers
    return { swap, ...merged.counts }
  }

  /** The general path: each file into its staging table, then the new table built from them. */
  const stagedPath = async (): Promise<BuiltTable> => {
    fichiers = {}
    await dropStagingTables(client)
    const kinds: SireneFileKind[] = ['unitesLegales', 'etablissements']
    if (options.geolocalisation) kinds.push('geolocalisation')
    await createStagingTables(client, kinds)

    const fileProgress =
      (phase: SireneImportPhase): FileProgress =>
      (bytes, size, rows) =>
        progress({ phase, done: bytes, total: size, rows })
    fichiers.unitesLegales = await stageFile(
      client,
      'unitesLegales',
      options.unitesLegales,
      legalUnitMapper,
      fileProgress('unites-legales'),
      options.chunkRows,
    )
    fichiers.etablissements = await stageFile(
      client,
      'etablissements',
      options.etablissements,
      (header, file) => {
        const at = indexColumns('etablissements', header, file)
        return (row) => {
          const e = mapEstablishmentRow(row, at, communes, filter)
          return typeof e === 'string'
            ? e
            : [
                e.siret,
                e.siren,
                e.diffusionPartielle,
                e.enseigne,
                e.denominationUsuelle,
                e.adresse,
                e.codePostal,
                e.codeCommune,
                e.libelleCommune,
                e.codeNaf,
                e.trancheEffectif,
                e.dateCreation,
                e.etatAdministratif,
                e.communeChanged,
                normaliseName(e.enseigne),
                normaliseNullable(e.denominationUsuelle),
                e.position?.[0] ?? null,
                e.position?.[1] ?? null,
              ]
        }
      },
      fileProgress('etablissements'),
      options.chunkRows,
    )
    if (options.geolocalisation) {
      fichiers.geolocalisation = await stageFile(
        client,
        'geolocalisation',
        options.geolocalisation,
        geolocationMapper,
        fileProgress('geolocalisation'),
        options.chunkRows,
      )
    }

    progress({ phase: 'construction', done: 0, total: PARALLELISM + 1, unit: 'steps' })
    // Duplicates out of the staging tables, on several connections at once.
    const staged: Array<[string, string]> = [
      [STAGING.etablissements, 'siret'],
      [STAGING.unitesLegales, 'siren'],
      ...(options.geolocalisation ? [[STAGING.geolocalisation, 'siret'] as [string, string]] : []),
    ]
    const [doublons = 0] = await concurrently((connections) =>
      runConcurrently(
        db,
        staged.map(([table, key]) => removeDuplicatesStatement(table, key)),
        { connections, settings: BUILD_SETTINGS },
      ),
    )
    progress({ phase: 'construction', done: 1, total: PARALLELISM + 1, unit: 'steps' })
    const swap = await prepareTableSwap(client, 'etablissement')
    const inserted = (
      await concurrently((connections) =>
        runConcurrently(db, buildStatements(swap.next, Boolean(options.geolocalisation), PARALLELISM), {
          connections,
          settings: BUILD_SETTINGS,
          onDone: (done) =>
            progress({ phase: 'construction', done: done + 1, total: PARALLELISM + 1, unit: 'steps' }),
        }),
      )
    ).reduce((a, b) => a + b, 0)
    const { rows: counts } = await client.query<{
      distincts: number
      sans_unite: number
      avec_position: number
      partielle: number
      renumerotees: number
    }>(
      `SELECT (SELECT count(*) FROM ${STAGING.etablissements})::int AS distincts,
              (SELECT count(*) FROM ${STAGING.etablissements} e
                WHERE NOT EXISTS (SELECT 1 FROM ${STAGING.unitesLegales} u WHERE u.siren = e.siren))::int AS sans_unite,
              (SELECT count(lon) FROM ${swap.next})::int AS avec_position,
              (SELECT count(*) FROM ${swap.next} n WHERE EXISTS (SELECT 1 FROM ${STAGING.etablissements} e
                WHERE e.siret = n.siret AND e.diffusion_partielle))::int AS partielle,
              (SELECT count(*) FROM ${STAGING.etablissements} WHERE commune_renumerotee)::int AS renumerotees`,
    )
    const c = counts[0]!
    return {
      swap,
      inserted,
      doublons,
      distincts: c.distincts,
      sansUnite: c.sans_unite,
      avecPosition: c.avec_position,
      partielle: c.partielle,
      renumerotees: c.renumerotees,
    }
  }

  try {
    let repli: string | undefined
    let built: BuiltTable | null = null
    if (options.merge !== false) {
      try {
        built = await mergePath()
      } catch (error) {
        if (!(error instanceof UnsortedInputError)) throw error
        repli = error.message
        options.onNotice?.(
          `${error.message} : lecture par fusion abandonnée, import repris par les tables intermédiaires.`,
        )
      }
    }
    built ??= await stagedPath()
    const { swap, inserted } = built
    // The new table's statistics are gathered, and the map's cells counted, while its indexes are
    // built.
    await client.query(`DROP TABLE IF EXISTS ${STAGED_CELLS}`)
    await client.query(`CREATE UNLOGGED TABLE ${STAGED_CELLS} (LIKE etablissement_maille)`)
    const finishing = [
      ...swap.indexStatements,
      `ANALYZE ${swap.next}`,
      ...countCellsStatements(swap.next, STAGED_CELLS),
    ]
    progress({ phase: 'index', done: 0, total: finishing.length, unit: 'steps' })
    await concurrently((connections) =>
      runConcurrently(db, finishing, {
        connections,
        settings: BUILD_SETTINGS,
        onDone: (done, total) => progress({ phase: 'index', done, total, unit: 'steps' }),
      }),
    )
    const { rows: locaux } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM local')
    await client.query('BEGIN')
    await swap.swap(client)
    // The map's cells, counted from the new table, swapped in with it.
    await replaceClusterCells(client, STAGED_CELLS)
    await recordDataInfo(client, {
      source: 'sirene',
      mise_a_jour: new Date().toISOString(),
      etablissements: inserted,
      locaux: locaux[0]!.n,
    })
    await client.query('COMMIT')
    await dropStagingTables(client)

    const ecartes: Record<string, number> = {}
    const add = (reason: string, n: number) => {
      if (n > 0) ecartes[reason] = n
    }
    add('doublon (même SIRET)', built.doublons)
    add('unité légale absente du fichier', built.sansUnite)
    add('activité inconnue ou hors NAF rév. 2', built.distincts - built.sansUnite - inserted)
    return {
      fichiers,
      etablissements: inserted,
      ecartes,
      avecPosition: built.avecPosition,
      diffusionPartielle: built.partielle,
      communesRenumerotees: built.renumerotees,
      methode: repli === undefined && options.merge !== false ? 'fusion' : 'tables intermédiaires',
      ...(repli !== undefined ? { repli } : {}),
      milliseconds: Math.round(performance.now() - started),
    }
  } catch (error) {
    if (held) await client.query('ROLLBACK').catch(() => {})
    await dropStagingTables(held ? client : db).catch(() => {})
    throw error
  } finally {
    if (held) client.release()
  }
}
