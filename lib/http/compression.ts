// Compression of responses (server.ts, every response of the API, the BFF, the pages and the
// authorization server): gzip or brotli as the request's Accept-Encoding allows (brotli preferred),
// with `Vary: Accept-Encoding`, for compressible media types (JSON, GeoJSON, CSV, HTML, JS…) whose
// body is over COMPRESSION_THRESHOLD_BYTES — or of unknown length, as streamed bodies are. Never for
// HEAD, for bodiless answers (304, 204: they carry the Vary all the same), for
// `Cache-Control: no-transform` or for signed file downloads (/files/…): dataset files of any size
// would cost CPU per byte, and a CDN in front of the store serves them in production. The
// middleware is expressjs's `compression`.
//
// The levels are chosen for CPU per request (bench/compression.ts): brotli at quality 4 with a
// 256 KiB window, gzip at level 6; an API page of 100 establishments goes down to 15 % of its size
// for a few tenths of a millisecond.
import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import compressible from 'compressible'
import compression from 'compression'
import { mergeVary } from './response-headers'

export const COMPRESSION_THRESHOLD_BYTES = 1024
export const BROTLI_QUALITY = 4
/**
 * Brotli's window: 256 KiB instead of the default 4 MiB. The same size on the bodies served, and
 * half the CPU when streams run concurrently (each stream's state is allocated and touched anew).
 */
export const BROTLI_WINDOW_BITS = 18
export const GZIP_LEVEL = 6

const varyOf = (res: ServerResponse) => {
  const value = res.getHeader('Vary')
  return Array.isArray(value) ? value.join(', ') : String(value ?? '')
}

/** Paths whose responses are never compressed (signed file downloads). */
const UNCOMPRESSED_PREFIXES = ['/files/']

export function isCompressiblePath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0] ?? '/'
  return !UNCOMPRESSED_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * Whether a response's media type is worth compressing. Next.js sets headers as arrays of one value,
 * which the middleware's own filter does not read.
 */
export function isCompressibleType(contentType: number | string | string[] | undefined): boolean {
  const type = Array.isArray(contentType) ? contentType[0] : contentType
  return typeof type === 'string' && compressible(type) === true
}

export type Compressor = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

type WriteCallback = (error?: Error | null) => void

/** Whether the response carries content (not HEAD, 1xx, 204 or 304), so a Content-Length. */
function hasContent(res: ServerResponse): boolean {
  const status = res.statusCode
  return res.req.method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304
}

/** Media types whose streamed parts must reach the browser at once: pages (HTML, React payloads). */
const PROGRESSIVE = /^(text\/html|text\/x-component)\b/i

function isProgressive(res: ServerResponse): boolean {
  const type = res.getHeader('Content-Type')
  return PROGRESSIVE.test(String(Array.isArray(type) ? type[0] : (type ?? '')))
}

/**
 * Holds what is written until COMPRESSION_THRESHOLD_BYTES or the end: Next.js streams every body
 * without its length (it drops Content-Length and flushes the headers first), so without this a
 * 100-byte answer would be compressed too. A body that ends within the threshold goes out whole with its length, untouched;
 * past it, the held bytes and the rest flow to the compressor as they come. The first part of a
 * data body (not a page) is held whatever its size until the next part or the end: an answer
 * written in one part goes out with its length, in one write, rather than chunked.
 */
function holdSmallBodies(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse
  let held: Buffer[] | null = []
  let heldBytes = 0
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')

  // Next.js flushes the headers before its first write: that waits for the decision too.
  const flushHeaders = res.flushHeaders.bind(res)
  res.flushHeaders = () => {
    if (held === null) flushHeaders()
  }

  res.write = function holdingWrite(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (held === null || res.headersSent) return write(chunk, encoding, callback)
    const done = (typeof encoding === 'function' ? encoding : callback) as WriteCallback | undefined
    const buffer = toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding)
    held.push(buffer)
    heldBytes += buffer.length
    // A data body's first part waits for the next (a stream goes on) or for the end: an API answer
    // built whole, which Next.js writes as one part, then goes out with its length in one write.
    if (heldBytes < COMPRESSION_THRESHOLD_BYTES || (held.length === 1 && !isProgressive(res))) {
      if (done) process.nextTick(done)
      return true
    }
    const chunks = held
    held = null
    let ok = true
    chunks.forEach((part, index) => {
      ok = write(part, index === chunks.length - 1 ? done : undefined) && ok
    })
    return ok
  } as ServerResponse['write']

  res.end = function holdingEnd(chunk?: unknown, encoding?: unknown, callback?: unknown): ServerResponse {
    if (held === null || res.headersSent) return end(chunk, encoding, callback)
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as WriteCallback | undefined
    const parts = held
    held = null
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      parts.push(toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding))
    if (parts.length === 0) return end(done)
    // The whole body at once: its length decides, and goes out as Content-Length.
    const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    if (!res.hasHeader('Content-Length') && hasContent(res)) res.setHeader('Content-Length', body.length)
    return end(body, done)
  } as ServerResponse['end']
}

/**
 * Next.js flushes the compressor after every chunk it writes. For data (JSON, GeoJSON, CSV) a flush
 * per chunk costs brotli most of its work (8 times the raw cost on a streamed GeoJSON,
 * bench/compression.ts) for no gain: the compressor then emits as its blocks fill, and at the end.
 * Pages keep their flushes, so a streamed page shows its first parts at once.
 */
function keepFlushesForPages(res: ServerResponse): void {
  const holder = res as ServerResponse & { flush?: () => void }
  const flush = holder.flush?.bind(res)
  if (!flush) return
  holder.flush = () => {
    if (isProgressive(res)) flush()
  }
}

/** A middleware to run on each request before anything writes to the response. */
export function responseCompressor(): Compressor {
  const middleware = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: GZIP_LEVEL,
    brotli: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
    filter: (req, res) => {
      if (!isCompressiblePath(req.url)) return false
      // A 304 stands for the 200 a cache holds: it names the same Vary (RFC 9110 §15.4.5).
      if (res.statusCode === 304) res.setHeader('Vary', mergeVary([varyOf(res), 'Accept-Encoding']))
      return isCompressibleType(res.getHeader('Content-Type'))
    },
  }) as unknown as Compressor
  return (req, res, next) => {
    middleware(req, res, () => {})
    keepFlushesForPages(res)
    holdSmallBodies(res)
    next()
  }
}
