import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESSION_THRESHOLD_BYTES, isCompressibleType, responseCompressor } from './compression'

const big = JSON.stringify({
  items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Établissement ${i}` })),
})
const small = JSON.stringify({ version: '0.14.0' })

/** Each path answers a different way, as Next.js, the file server and server.ts do. */
function answer(path: string, method: string, res: ServerResponse): void {
  const json = { 'Content-Type': 'application/json; charset=utf-8' }
  if (path === '/big') {
    // As Next.js writes it: headers as arrays, the body in pieces, no length.
    res.statusCode = 200
    res.setHeader('Content-Type', ['application/json; charset=utf-8'])
    res.flushHeaders()
    res.write(big.slice(0, 500))
    res.write(big.slice(500))
    res.end()
  } else if (path === '/one-part') {
    // An API answer as Next.js writes it: the whole body in one part, then the end.
    res.statusCode = 200
    res.setHeader('Content-Type', ['application/json; charset=utf-8'])
    res.flushHeaders()
    res.write(big)
    setImmediate(() => res.end())
  } else if (path === '/page') {
    res.statusCode = 200
    res.setHeader('Content-Type', ['text/html; charset=utf-8'])
    res.flushHeaders()
    res.write(big)
    setImmediate(() => res.end())
  } else if (path === '/small') {
    res.statusCode = 200
    res.setHeader('Content-Type', ['application/json; charset=utf-8'])
    res.flushHeaders()
    for (const c of [small.slice(0, 5), small.slice(5)]) res.write(c)
    res.end()
  } else if (path === '/stream') {
    res.writeHead(200, { 'Content-Type': 'application/geo+json' })
    let i = 0
    const next = () => {
      if (i++ < 20) {
        res.write(big)
        setImmediate(next)
      } else res.end()
    }
    next()
  } else if (path === '/not-modified') {
    res.writeHead(304, { ETag: '"x"' })
    res.end()
  } else if (path === '/files/x-v1.csv') {
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(big)),
    })
    res.end(big)
  } else if (path === '/no-transform') {
    res.writeHead(200, { ...json, 'Cache-Control': 'no-transform' })
    res.end(big)
  } else if (path === '/image') {
    res.writeHead(200, { 'Content-Type': 'image/png' })
    res.end(Buffer.alloc(5000))
  } else {
    res.writeHead(200, json)
    res.end(method === 'HEAD' ? undefined : big)
  }
}

let server: Server
let port: number
beforeAll(async () => {
  const compress = responseCompressor()
  server = createServer((req, res) => {
    compress(req, res, () => {})
    answer(req.url ?? '/', req.method ?? 'GET', res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', (e) => reject(new Error(`${method} ${path}: ${e.message}`)))
    req.end()
  })
}

describe('response compression', () => {
  it('uses brotli when accepted, gzip otherwise, nothing without Accept-Encoding; Vary says so', async () => {
    const br = await get('/big', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(br.headers['content-length']).toBeUndefined()
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big)
    expect(br.body.length).toBeLessThan(big.length / 4)

    const gzip = await get('/big', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(big)

    const refusals: Array<Record<string, string>> = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ]
    for (const none of refusals) {
      const plain = await get('/big', none)
      expect(plain.headers['content-encoding'], JSON.stringify(none)).toBeUndefined()
      expect(plain.body.toString()).toBe(big)
      expect(plain.headers.vary).toBe('Accept-Encoding')
    }
  })

  it('sends a body under 1 KB as it is, with its length, even written in pieces', async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    const response = await get('/small', { 'Accept-Encoding': 'br, gzip' })
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(small)))
    expect(response.body.toString()).toBe(small)
  })

  it('sends a data body written in one part with its length, in one piece', async () => {
    const plain = await get('/one-part')
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(big)))
    expect(plain.headers['transfer-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(big)
    const gzip = await get('/one-part', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(big)
    // A page's first part goes out at once (streamed pages show it before their end).
    const page = await get('/page')
    expect(page.headers['transfer-encoding']).toBe('chunked')
    expect(page.body.toString()).toBe(big)
  })

  it('compresses a streamed body as it comes', async () => {
    const response = await get('/stream', { 'Accept-Encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['transfer-encoding']).toBe('chunked')
    expect(zlib.gunzipSync(response.body).toString()).toBe(big.repeat(20))
  })

  it('leaves HEAD, 304, file downloads, no-transform and images alone', async () => {
    const accept = { 'Accept-Encoding': 'br, gzip' }
    const head = await get('/head', accept, 'HEAD')
    expect(head.headers['content-encoding']).toBeUndefined()
    const notModified = await get('/not-modified', accept)
    expect(notModified.status).toBe(304)
    expect(notModified.headers['content-encoding']).toBeUndefined()
    expect(notModified.headers.vary).toBe('Accept-Encoding')
    const file = await get('/files/x-v1.csv', accept)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.headers['content-length']).toBe(String(Buffer.byteLength(big)))
    expect((await get('/no-transform', accept)).headers['content-encoding']).toBeUndefined()
    expect((await get('/image', accept)).headers['content-encoding']).toBeUndefined()
  })

  it('reads media types given as Next.js gives them', () => {
    expect(isCompressibleType(['application/geo+json'])).toBe(true)
    expect(isCompressibleType('text/csv; charset=iso-8859-15')).toBe(true)
    expect(isCompressibleType('application/problem+json; charset=utf-8')).toBe(true)
    expect(isCompressibleType('image/png')).toBe(false)
    expect(isCompressibleType(undefined)).toBe(false)
  })
})
