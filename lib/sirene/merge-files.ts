// The fast path of the SIRENE import: INSEE publishes StockUniteLegale sorted by SIREN and
// StockEtablissement and the geolocation file sorted by SIRET (a SIRET starts with its SIREN, so
// establishments come in SIREN order too). The three files are then read together as a merge join,
// and the final rows of table etablissement are written straight into the new table through COPY:
// no staging table, no construction step. JavaScript reads and maps on one core while PostgreSQL
// ingests on the other; indexes and statistics come after the load.
//
// Correctness never rests on the order: every file's kept keys are checked as they are read. Keys
// that go back (a file not sorted) stop the merge with UnsortedInputError, and the caller starts
// over on the staging path, which accepts any order. Repeated keys, adjacent in a sorted file, are
// resolved as the staging path does: the last kept row of the file wins.
import type pg from 'pg'
import { copyLineBatches, csvField } from '../db/copy'
import { ESTABLISHMENT_COLUMNS } from '../establishments/record'
import { normaliseName, normaliseNullable } from '../text/normalise'
import type { CommuneResolver } from './commune-codes'
import { mapEstablishmentRow, type EstablishmentFilter, type EstablishmentRow } from './establishment-row'
import { mapGeolocationRow, type GeolocationRow } from './geolocation'
import { indexColumns, type SireneFileKind } from './layout'
import { mapLegalUnitRow, type LegalUnitRow } from './legal-unit'
import { readCsvRows, type CsvRows } from './source-file'
import type { FileSummary } from './stage-file'

/** A file's kept keys went back: the file is not sorted, the merge cannot be used. */
export class UnsortedInputError extends Error {
  override name = 'UnsortedInputError'
}

/**
 * The kept records of a file, in batches, with their order checked and repeated keys resolved (the
 * last one wins; `onDuplicate` counts the others). A record is yielded once the next key is known
 * to differ, so a repetition across two batches is resolved too.
 */
export async function* sortedRecords<T extends object>(
  batches: AsyncIterable<readonly string[][]>,
  map: (row: string[]) => T | string,
  keyOf: (record: T) => string,
  summary: FileSummary,
  onDuplicate: () => void = () => {},
): AsyncGenerator<T[]> {
  let carry: T | undefined
  let carryKey = ''
  for await (const batch of batches) {
    const out: T[] = []
    for (const row of batch) {
      summary.lues++
      const mapped = map(row)
      if (typeof mapped === 'string') {
        summary.ignorees[mapped] = (summary.ignorees[mapped] ?? 0) + 1
        continue
      }
      summary.retenues++
      const key = keyOf(mapped)
      if (carry !== undefined) {
        if (key === carryKey) {
          carry = mapped
          onDuplicate()
          continue
        }
        if (key < carryKey) {
          throw new UnsortedInputError(
            `${summary.fichier} n’est pas trié : ${key} (enregistrement ${summary.lues + 1}) vient après ${carryKey}`,
          )
        }
        out.push(carry)
      }
      carry = mapped
      carryKey = key
    }
    if (out.length > 0) yield out
  }
  if (carry !== undefined) yield [carry]
}

/** The current record of a stream of batches; reading on waits only at the end of a batch. */
class Cursor<T> {
  head: T | null = null
  private batch: readonly T[] = []
  private at = 0
  constructor(private readonly records: AsyncIterator<T[]>) {}

  /** Moves to the next record (head is null at the end); a promise only when a batch is read. */
  advance(): Promise<void> | void {
    this.at++
    if (this.at < this.batch.length) {
      this.head = this.batch[this.at]!
      return
    }
    return this.refill()
  }

  async refill(): Promise<void> {
    for (;;) {
      const next = await this.records.next()
      if (next.done) {
        this.batch = []
        this.at = 0
        this.head = null
        return
      }
      if (next.value.length > 0) {
        this.batch = next.value
        this.at = 0
        this.head = next.value[0]!
        return
      }
    }
  }

  async close(): Promise<void> {
    await this.records.return?.(undefined)
  }
}

/** A legal unit with its normalised names, computed once, when an establishment first uses them. */
interface Unit extends LegalUnitRow {
  norm?: { entreprise: string; denomination: string | null }
}

export interface MergeCounts {
  /** Establishments kept by the row checks, repeated SIRETs counted once. */
  distincts: number
  doublons: number
  sansUnite: number
  inserted: number
  avecPosition: number
  partielle: number
  renumerotees: number
}

export interface MergeOptions {
  files: { etablissements: string; unitesLegales: string; geolocalisation?: string | undefined }
  filter: EstablishmentFilter
  communes: CommuneResolver
  /** Codes of the NAF nomenclature (table naf): an establishment needs one, its own or its unit's. */
  nafCodes: ReadonlySet<string>
  /** Bytes read of the three files, their total size, establishments read. */
  onProgress?: (bytes: number, size: number, rows: number) => void
  chunkRows?: number
}

const summaryOf = (file: string): FileSummary => ({ fichier: file, lues: 0, retenues: 0, ignorees: {} })

/**
 * Reads the three files together and COPYs the final rows into `table` (empty, without indexes).
 * Throws UnsortedInputError as soon as a file shows it is not sorted (after the whole of every
 * file has been checked, nothing of an unsorted file is trusted).
 */
export async function mergeIntoTable(
  client: pg.PoolClient,
  table: string,
  options: MergeOptions,
): Promise<{ fichiers: Partial<Record<SireneFileKind, FileSummary>>; counts: MergeCounts }> {
  const { files, filter, communes, nafCodes } = options
  const opened: CsvRows[] = []
  const open = async (file: string, kind: SireneFileKind) => {
    const csv = await readCsvRows(file, kind)
    opened.push(csv)
    return csv
  }
  const counts: MergeCounts = {
    distincts: 0,
    doublons: 0,
    sansUnite: 0,
    inserted: 0,
    avecPosition: 0,
    partielle: 0,
    renumerotees: 0,
  }
  const fichiers: Partial<Record<SireneFileKind, FileSummary>> = {}
  const cursors: Array<Cursor<unknown>> = []
  try {
    // Every layout is checked before anything is loaded.
    const unitCsv = await open(files.unitesLegales, 'unitesLegales')
    const unitAt = indexColumns('unitesLegales', unitCsv.header, files.unitesLegales)
    const establishmentCsv = await open(files.etablissements, 'etablissements')
    const establishmentAt = indexColumns('etablissements', establishmentCsv.header, files.etablissements)
    const geoCsv = files.geolocalisation ? await open(files.geolocalisation, 'geolocalisation') : null
    const geoAt = geoCsv ? indexColumns('geolocalisation', geoCsv.header, files.geolocalisation!) : null

    fichiers.unitesLegales = summaryOf(files.unitesLegales)
    fichiers.etablissements = summaryOf(files.etablissements)
    const units = new Cursor<Unit>(
      sortedRecords<Unit>(
        unitCsv.batches,
        (row) => mapLegalUnitRow(row, unitAt),
        (u) => u.siren,
        fichiers.unitesLegales,
      ),
    )
    cursors.push(units)
    const establishments = sortedRecords<EstablishmentRow>(
      establishmentCsv.batches,
      (row) => mapEstablishmentRow(row, establishmentAt, communes, filter),
      (e) => e.siret,
      fichiers.etablissements,
      () => counts.doublons++,
    )
    let positions: Cursor<GeolocationRow> | null = null
    if (geoCsv && geoAt) {
      const summary = (fichiers.geolocalisation = summaryOf(files.geolocalisation!))
      positions = new Cursor<GeolocationRow>(
        sortedRecords<GeolocationRow>(
          geoCsv.batches,
          (row) => mapGeolocationRow(row, geoAt),
          (g) => g.siret,
          summary,
        ),
      )
      cursors.push(positions)
    }
    await Promise.all(cursors.map((c) => c.refill()))

    const size = opened.reduce((sum, csv) => sum + csv.size, 0)
    const progress = () =>
      options.onProgress?.(
        opened.reduce((sum, csv) => sum + csv.bytesRead(), 0),
        size,
        fichiers.etablissements!.lues,
      )

    async function* finalRows(): AsyncGenerator<string[]> {
      for await (const batch of establishments) {
        const out: string[] = []
        for (const e of batch) {
          counts.distincts++
          if (e.communeChanged) counts.renumerotees++
          while (units.head !== null && units.head.siren < e.siren) {
            const reading = units.advance()
            if (reading) await reading
          }
          const unit = units.head !== null && units.head.siren === e.siren ? units.head : null
          let position: [number, number] | null = null
          if (positions) {
            while (positions.head !== null && positions.head.siret < e.siret) {
              const reading = positions.advance()
              if (reading) await reading
            }
            const g = positions.head
            if (g !== null && g.siret === e.siret && !e.diffusionPartielle) position = [g.lon, g.lat]
          } else {
            position = e.position
          }
          if (!unit) {
            counts.sansUnite++
            continue
          }
          const codeNaf =
            e.codeNaf !== null && nafCodes.has(e.codeNaf)
              ? e.codeNaf
              : unit.codeNaf !== null && nafCodes.has(unit.codeNaf)
                ? unit.codeNaf
                : null
          if (codeNaf === null) continue
          out.push(finalLine(e, unit, codeNaf, position))
          counts.inserted++
          if (position) counts.avecPosition++
          if (e.diffusionPartielle) counts.partielle++
        }
        progress()
        if (out.length > 0) yield out
      }
      // The rest of the legal units and positions is read all the same: their order is checked
      // (an unsorted file could hide a match further on) and their rows counted.
      for (const cursor of cursors) {
        while (cursor.head !== null) {
          const reading = cursor.advance()
          if (reading) await reading
        }
      }
      progress()
    }
    await copyLineBatches(client, table, ESTABLISHMENT_COLUMNS, finalRows(), {
      ...(options.chunkRows ? { chunkRows: options.chunkRows } : {}),
    })
    return { fichiers, counts }
  } finally {
    await Promise.all(cursors.map((c) => c.close().catch(() => {})))
  }
}

/** A value the mapping checked to be plain (digits, codes, dates): written as it is, or NULL. */
const plain = (value: string | null) => (value === null ? '' : value)
const number = (value: number | undefined) => (value === undefined ? '' : String(value))

/**
 * The line of table etablissement (ESTABLISHMENT_COLUMNS, PostgreSQL's CSV) as the staging path's
 * SQL builds it. Identifiers, codes and dates come out of the row checks as digits, letters and
 * dashes (patterns of lib/sirene): only free texts go through csvField's quoting.
 */
function finalLine(
  e: EstablishmentRow,
  unit: Unit,
  codeNaf: string,
  position: [number, number] | null,
): string {
  unit.norm ??= {
    entreprise: normaliseName(unit.entreprise),
    denomination: normaliseNullable(unit.denominationUsuelle),
  }
  const enseigneNorm = normaliseName(e.enseigne)
  const denominationNorm = normaliseNullable(e.denominationUsuelle) ?? unit.norm.denomination
  let recherche = unit.norm.entreprise
  if (enseigneNorm !== '') recherche = recherche === '' ? enseigneNorm : `${recherche} ${enseigneNorm}`
  if (denominationNorm !== null && denominationNorm !== '')
    recherche = recherche === '' ? denominationNorm : `${recherche} ${denominationNorm}`
  return (
    `${e.siret},${e.siren},${csvField(unit.entreprise)},${csvField(e.enseigne)},` +
    `${csvField(e.denominationUsuelle ?? unit.denominationUsuelle)},${csvField(e.adresse)},` +
    `${plain(e.codePostal)},${e.codeCommune},${csvField(e.libelleCommune)},${codeNaf},` +
    `${e.trancheEffectif},,,${number(position?.[0])},${number(position?.[1])},${plain(e.dateCreation)},` +
    `${plain(unit.categorieJuridique)},${e.etatAdministratif},${csvField(unit.norm.entreprise)},` +
    `${csvField(enseigneNorm)},${csvField(denominationNorm)},${csvField(recherche)}\n`
  )
}
