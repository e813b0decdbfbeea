// Opens a SIRENE stock file as a stream of CSV rows, whatever its packaging: plain, gzip (.gz) or
// the ZIP archives INSEE and data.gouv.fr publish (.zip, first .csv entry). Everything streams:
// memory stays flat whatever the size of the file. Progress is measured on the bytes read from
// disk, so ETA is known even for compressed files whose row count is not.
import fs from 'node:fs'
import { PassThrough, Transform, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import yauzl from 'yauzl'
import { CsvFormatError, CsvScanner } from './csv-scanner'
import { REQUIRED_COLUMNS, type SireneFileKind } from './layout'

export interface SourceFile {
  /** Decompressed bytes. */
  stream: Readable
  /** Bytes of the file on disk consumed so far. */
  bytesRead(): number
  /** Size of the file on disk. */
  size: number
}

export class SireneFileError extends Error {
  override name = 'SireneFileError'
}

/**
 * Bytes read at a time. Rows parsed ahead of their use survive the young generation's collections
 * and are copied by each: small chunks and a short queue keep few of them alive.
 */
const CHUNK_BYTES = 256 << 10

function counting(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length)
      done(null, chunk)
    },
  })
}

/** Opens `file` (plain, .gz or .zip) as a stream of decompressed bytes. */
async function openSourceFile(file: string): Promise<SourceFile> {
  let size: number
  try {
    size = (await fs.promises.stat(file)).size
  } catch {
    throw new SireneFileError(`${file}: file not found`)
  }
  let read = 0
  const count = counting((n) => {
    read += n
  })
  const lower = file.toLowerCase()
  if (lower.endsWith('.zip')) {
    const entry = await openZipEntry(file, count)
    return { stream: entry, bytesRead: () => read, size }
  }
  const raw = fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })
  if (lower.endsWith('.gz')) {
    const gunzip = zlib.createGunzip()
    raw.on('error', (error) => gunzip.destroy(error))
    count.on('error', (error) => gunzip.destroy(error))
    raw.pipe(count).pipe(gunzip)
    return { stream: gunzip, bytesRead: () => read, size }
  }
  raw.on('error', (error) => count.destroy(error))
  raw.pipe(count)
  return { stream: count, bytesRead: () => read, size }
}

/** The first .csv entry of a ZIP archive, decompressed (compressed bytes counted by `count`). */
function openZipEntry(file: string, count: Transform): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError) return reject(new SireneFileError(`${file}: not a readable ZIP archive`))
      zip.on('error', reject)
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/\.csv$/i.test(entry.fileName)) {
          zip.readEntry()
          return
        }
        // Count compressed bytes: open the raw entry and inflate it ourselves.
        zip.openReadStream(entry, { decompress: false }, (streamError, raw) => {
          if (streamError) return reject(streamError)
          const out = new PassThrough({ highWaterMark: CHUNK_BYTES })
          const inflate = entry.compressionMethod === 8 ? zlib.createInflateRaw() : new PassThrough()
          const fail = (error: Error) => out.destroy(error)
          raw.on('error', fail)
          count.on('error', fail)
          inflate.on('error', fail)
          raw.pipe(count).pipe(inflate).pipe(out)
          resolve(out)
        })
      })
      zip.on('end', () => reject(new SireneFileError(`${file}: the ZIP archive holds no .csv file`)))
      zip.readEntry()
    })
  })
}

/** Comma for the stock files, semicolon for the geolocation file: read from the header line. */
export function sniffDelimiter(firstChunk: string): ',' | ';' {
  const newline = firstChunk.indexOf('\n')
  const header = newline === -1 ? firstChunk : firstChunk.slice(0, newline)
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ','
}

export interface CsvRows {
  header: string[]
  /**
   * Data rows (header excluded), each checked to have as many fields as the header, in batches
   * (the rows of one chunk of the file: no per-row asynchronous step).
   */
  batches: AsyncIterable<readonly string[][]>
  bytesRead(): number
  size: number
}

/** Rows parsed ahead of the consumer before the file is paused (memory bound). */
const QUEUE_HIGH = 2_000

/**
 * Streams the rows of a SIRENE CSV file (RFC 4180: quotes, separators and line breaks inside
 * fields; lib/sirene/csv-scanner). A row whose field count differs from the header's, or a quote
 * left open, means a corrupt or truncated file: iteration throws, naming the record.
 *
 * With `kind`, only the columns the importer reads from that file (REQUIRED_COLUMNS) are kept in
 * the rows; the others are left empty. Backpressure pauses the file stream between chunks.
 */
export async function readCsvRows(file: string, kind?: SireneFileKind): Promise<CsvRows> {
  const source = await openSourceFile(file)
  // Decode UTF-8 across chunk boundaries (a character may straddle two chunks).
  source.stream.setEncoding('utf8')
  const required: readonly string[] | null = kind ? REQUIRED_COLUMNS[kind] : null
  const columnsOf = required
    ? (header: readonly string[]) =>
        header.flatMap((name, i) => (required.includes(name.replace(/^\uFEFF/, '').trim()) ? [i] : []))
    : undefined
  let scanner: CsvScanner | null = null
  const queue: string[][][] = []
  let queued = 0
  let failure: Error | null = null
  let finished = false
  let wake: (() => void) | null = null
  const notify = () => {
    const w = wake
    wake = null
    w?.()
  }
  const fail = (error: unknown) => {
    failure ??=
      error instanceof CsvFormatError
        ? new SireneFileError(
            `${file}: ${/^corrupt/.test(error.message) ? error.message : `corrupt file (${error.message})`}`,
          )
        : error instanceof Error
          ? error
          : new Error(String(error))
    source.stream.pause()
    notify()
  }
  const take = (rows: string[][]) => {
    if (rows.length > 0) {
      queue.push(rows)
      queued += rows.length
    }
    if (queued >= QUEUE_HIGH) source.stream.pause()
    notify()
  }
  source.stream.on('error', fail)
  source.stream.on('data', (chunk: string) => {
    if (failure) return
    try {
      scanner ??= new CsvScanner(sniffDelimiter(chunk), columnsOf)
      const rows: string[][] = []
      scanner.push(chunk, rows)
      take(rows)
    } catch (error) {
      fail(error)
    }
  })
  source.stream.on('end', () => {
    if (failure) return
    try {
      const rows: string[][] = []
      scanner?.end(rows)
      take(rows)
      finished = true
      notify()
    } catch (error) {
      fail(error)
    }
  })
  const next = async (): Promise<string[][] | null> => {
    for (;;) {
      if (failure) throw failure
      const batch = queue.shift()
      if (batch) {
        queued -= batch.length
        return batch
      }
      if (finished) return null
      if (source.stream.isPaused()) source.stream.resume()
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  }
  const first = await next().catch((error: unknown) => {
    source.stream.destroy()
    throw error
  })
  const header = first?.shift()
  if (!header) {
    source.stream.destroy()
    throw new SireneFileError(`${file}: empty file`)
  }
  async function* batches(): AsyncGenerator<readonly string[][]> {
    try {
      for (let batch = first; batch !== null; batch = await next()) {
        if (batch.length > 0) yield batch
      }
    } finally {
      // Stopped early (error, interruption): release the file.
      source.stream.destroy()
    }
  }
  return { header, batches: batches(), bytesRead: source.bytesRead, size: source.size }
}
