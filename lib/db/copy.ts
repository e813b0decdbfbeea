// Bulk loading through COPY ... FROM STDIN (CSV), the fast path on both engines. Rows are sent in
// bounded chunks: memory stays flat whatever the number of rows, and the embedded engine, which
// receives each COPY whole, never holds more than one chunk.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

export type CopyValue = string | number | boolean | null | undefined | Date | readonly string[]

// Quoted: separators, quotes and line breaks, and leading or trailing spaces (kept as they are).
const NEEDS_QUOTES = /[",\n\r]|^\s|\s$/

/** One CSV field in PostgreSQL's CSV dialect: empty unquoted = NULL, "" = empty string. */
export function csvField(value: CopyValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value))
    return csvField(`{${value.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`)
  const text = value as string
  if (text === '') return '""'
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CopyValue[]): string {
  return values.map(csvField).join(',') + '\n'
}

const identifier = /^[a-z_][a-z0-9_]*$/

export interface CopyOptions {
  /** Rows per COPY statement (default 20,000). */
  chunkRows?: number
  onProgress?: (rows: number) => void
}

/**
 * Loads rows into `table(columns)`. Accepts any (async) iterable of value arrays and returns the
 * number of rows loaded. Runs on the given client, so it joins the caller's transaction.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]> | AsyncIterable<readonly CopyValue[]>,
  options: CopyOptions = {},
): Promise<number> {
  const copy = copier(client, table, columns, options)
  if (Symbol.iterator in rows) {
    // A synchronous source is read without an asynchronous step per row.
    for (const row of rows) {
      const full = copy.add(row)
      if (full) await full
    }
  } else {
    for await (const row of rows) {
      const full = copy.add(row)
      if (full) await full
    }
  }
  return copy.finish()
}

/** Like copyRows, for rows produced in batches (one asynchronous step per batch, not per row). */
export async function copyRowBatches(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  batches: AsyncIterable<Iterable<readonly CopyValue[]>>,
  options: CopyOptions = {},
): Promise<number> {
  const copy = copier(client, table, columns, options)
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        const full = copy.add(row)
        if (full) await full
      }
    }
  } catch (error) {
    // The source failed: the chunk being loaded ends before the client is used again.
    await copy.settled()
    throw error
  }
  return copy.finish()
}

function copier(client: pg.PoolClient, table: string, columns: readonly string[], options: CopyOptions) {
  for (const name of [table, ...columns]) {
    if (!identifier.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`)
  }
  const chunkRows = options.chunkRows ?? 20_000
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`
  let total = 0
  let chunk: string[] = []
  // One chunk is sent while the next is being built: producing rows and the engine loading them
  // overlap, and at most two chunks are ever held.
  let inFlight: Promise<void> = Promise.resolve()
  let failure: unknown = null
  const flush = async () => {
    await inFlight
    if (failure) throw failure
    if (chunk.length === 0) return
    const lines = chunk
    chunk = []
    // Failures (of the COPY or of onProgress) are kept and thrown at the next flush: the promise
    // itself never rejects, so nothing is left unhandled while the next chunk is being built.
    inFlight = pipeline(Readable.from([lines.join('')]), client.query(copyFrom(statement)))
      .then(() => {
        total += lines.length
        options.onProgress?.(total)
      })
      .catch((error: unknown) => {
        failure = error
      })
  }
  return {
    /** Adds a row; waits only when a chunk is full (the previous one must have loaded). */
    add(row: readonly CopyValue[]): Promise<void> | void {
      chunk.push(csvLine(row))
      if (chunk.length >= chunkRows) return flush()
    },
    /** Waits for the chunk being loaded, whatever its outcome. */
    async settled(): Promise<void> {
      await inFlight
    },
    async finish(): Promise<number> {
      await flush()
      await inFlight
      if (failure) throw failure
      return total
    },
  }
}
