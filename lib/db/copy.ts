// Bulk loading through COPY ... FROM STDIN (CSV), the fast path on both engines. Rows are sent in
// bounded chunks: memory stays flat whatever the number of rows, and the embedded engine, which
// receives each COPY whole, never holds more than one chunk.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

export type CopyValue = string | number | boolean | null | undefined | Date | readonly string[]

// Quoted: separators, quotes and line breaks, and leading or trailing spaces (kept as they are).
const SPECIAL = /[",\n\r]/
const SPACE = /\s/

/** Whether a character code may be white space (\s): ASCII controls and space, or beyond ASCII. */
const maybeSpace = (code: number) => code <= 32 || code >= 127

function needsQuotes(text: string): boolean {
  if (SPECIAL.test(text)) return true
  // Bulk loads write millions of fields: the ends are looked at by their character codes first.
  const first = text.charCodeAt(0)
  const last = text.charCodeAt(text.length - 1)
  return (
    (maybeSpace(first) && SPACE.test(text.charAt(0))) ||
    (maybeSpace(last) && SPACE.test(text.charAt(text.length - 1)))
  )
}

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
  return needsQuotes(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CopyValue[]): string {
  let line = values.length > 0 ? csvField(values[0]) : ''
  for (let i = 1; i < values.length; i++) line += ',' + csvField(values[i])
  return line + '\n'
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

const LINES_PER_BUFFER = 256

/**
 * Like copyRowBatches, for lines already written in PostgreSQL's CSV dialect (each ending with a
 * line break; csvLine and csvField write them).
 */
export async function copyLineBatches(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  batches: AsyncIterable<Iterable<string>>,
  options: CopyOptions = {},
): Promise<number> {
  const copy = copier(client, table, columns, options)
  try {
    for await (const batch of batches) {
      for (const line of batch) {
        const full = copy.addLine(line)
        if (full) await full
      }
    }
  } catch (error) {
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
  // A chunk is kept as encoded buffers (outside the JavaScript heap: the rows' strings die young,
  // which spares the garbage collector copying and promoting them), from lines gathered by groups.
  let lines: string[] = []
  let buffers: Buffer[] = []
  let rows = 0
  const encode = () => {
    if (lines.length === 0) return
    buffers.push(Buffer.from(lines.join(''), 'utf8'))
    lines = []
  }
  // One chunk is sent while the next is being built: producing rows and the engine loading them
  // overlap, and at most two chunks are ever held.
  let inFlight: Promise<void> = Promise.resolve()
  let failure: unknown = null
  const flush = async () => {
    await inFlight
    if (failure) throw failure
    encode()
    if (rows === 0) return
    const sent = buffers
    const count = rows
    buffers = []
    rows = 0
    // Failures (of the COPY or of onProgress) are kept and thrown at the next flush: the promise
    // itself never rejects, so nothing is left unhandled while the next chunk is being built.
    inFlight = pipeline(Readable.from(sent), client.query(copyFrom(statement)))
      .then(() => {
        total += count
        options.onProgress?.(total)
      })
      .catch((error: unknown) => {
        failure = error
      })
  }
  return {
    /** Adds a row; waits only when a chunk is full (the previous one must have loaded). */
    add(row: readonly CopyValue[]): Promise<void> | void {
      return this.addLine(csvLine(row))
    },
    /** Adds a line already written in CSV. */
    addLine(line: string): Promise<void> | void {
      lines.push(line)
      rows++
      if (lines.length >= LINES_PER_BUFFER) encode()
      if (rows >= chunkRows) return flush()
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
