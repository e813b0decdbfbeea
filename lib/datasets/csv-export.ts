// Writes the CSV file of a dataset version: `COPY (SELECT …) TO STDOUT WITH (FORMAT csv, HEADER)`
// streamed from the database (pg-copy-streams), through the Latin-9 encoder when the version is in
// ISO-8859-15, into a destination stream. PostgreSQL streams one COPY; the embedded engine, which
// holds a whole COPY result in memory, gets bounded ranges of positions one after the other, so
// memory stays flat whatever the dataset's size on both engines. Text cells that a spreadsheet would
// take for a formula are neutralised on the way (lib/datasets/csv-cells.ts).
import { Readable, Transform, type TransformCallback, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { EngineKind } from '../db/connection'
import { neutralisedSelect } from './csv-cells'
import type { DatasetEncoding } from './encoding'
import { Latin9Encoder } from './latin9'
import { EXPORT_SETTINGS, type DatasetModel } from './models'

/** Rows per COPY on the embedded engine. */
const EMBEDDED_CHUNK_ROWS = 10_000

export interface ExportOptions {
  /** A client of its own: the export runs transactions on it. */
  client: pg.PoolClient
  model: DatasetModel
  snapshotId: number
  total: number
  encoding: DatasetEncoding
  engine: EngineKind
  destination: Writable
  /** Rows per COPY; default: one COPY on PostgreSQL, EMBEDDED_CHUNK_ROWS on the embedded engine. */
  chunkRows?: number
  /**
   * Field separator: a comma (dataset files, RFC 4180), or a semicolon, which spreadsheets set to
   * French conventions expect when they open a file (the staff's export of a search).
   */
  delimiter?: ',' | ';'
  /** Whether to run inside the transaction already open on `client` (no BEGIN/COMMIT of its own). */
  inTransaction?: boolean
  /** Called with the number of data rows written so far, as they pass. */
  onRows?: (rows: number) => void
  signal?: AbortSignal
}

export interface ExportResult {
  /** Data rows (the header excluded). */
  rows: number
  bytes: number
  /** Characters Latin-9 could not hold, replaced by "?". */
  replacedCharacters: number
}

/**
 * Counts lines as they pass, for progress (a field holding a line break would count twice, so the
 * final number of rows comes from COPY itself).
 */
class LineCounter extends Transform {
  lines = 0

  constructor(private readonly onLines: (lines: number) => void) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++
    this.onLines(this.lines)
    callback(null, chunk)
  }
}

function ranges(total: number, chunkRows: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let from = 0; from < total; from += chunkRows) out.push([from, Math.min(total, from + chunkRows)])
  return out.length ? out : [[0, 0]]
}

export async function exportCsv(options: ExportOptions): Promise<ExportResult> {
  const { client, model } = options
  const chunkRows =
    options.chunkRows ?? (options.engine === 'embedded' ? EMBEDDED_CHUNK_ROWS : Math.max(1, options.total))
  const parts = ranges(options.total, chunkRows)

  const delimiter = options.delimiter === ';' ? ", DELIMITER ';'" : ''
  const ownTransaction = !options.inTransaction
  let rows = 0
  let select: string | undefined
  async function* copyOut(): AsyncGenerator<Buffer> {
    for (const [index, [from, to]] of parts.entries()) {
      if (ownTransaction) await client.query('BEGIN')
      // COPY takes no bound parameters: the SELECT reads them from transaction-local settings.
      await client.query(
        `SELECT set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true),
                set_config('client_encoding', 'UTF8', true)`,
        [
          EXPORT_SETTINGS.snapshot,
          String(options.snapshotId),
          EXPORT_SETTINGS.from,
          String(from),
          EXPORT_SETTINGS.to,
          String(to),
        ],
      )
      // The columns' types (no row is read): text cells are neutralised, numbers written as they are.
      select ??= neutralisedSelect(
        model.csvSelect,
        (await client.query(`SELECT * FROM (${model.csvSelect}) c LIMIT 0`)).fields,
      )
      const header = index === 0 ? ', HEADER' : ''
      const stream = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv${header}${delimiter})`))
      for await (const chunk of stream) yield chunk as Buffer
      rows += stream.rowCount
      if (ownTransaction) await client.query('COMMIT')
    }
  }

  const counter = new LineCounter((lines) =>
    options.onRows?.(Math.min(options.total, Math.max(0, lines - 1))),
  )
  const encoder = options.encoding === 'ISO-8859-15' ? new Latin9Encoder() : null
  let written = 0
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length
      callback(null, chunk)
    },
  })
  const source = Readable.from(copyOut())
  const signal = options.signal ? { signal: options.signal } : {}
  if (encoder) await pipeline(source, counter, encoder, measure, options.destination, signal)
  else await pipeline(source, counter, measure, options.destination, signal)
  return { rows, bytes: written, replacedCharacters: encoder?.replaced ?? 0 }
}
