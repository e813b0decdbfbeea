import http from 'node:http'
import net from 'node:net'
import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { MAX_BODY_BYTES, parseBody, readBody, requestBody } from './body'

function failure(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('no error')
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('readBody', () => {
  it('reads a Node stream and a web stream whole', async () => {
    expect((await readBody(Readable.from([Buffer.from('{"a"'), Buffer.from(':1}')]), 100))?.toString()).toBe(
      '{"a":1}',
    )
    const web = new Request('http://localhost/', { method: 'POST', body: 'a=1&b=2' }).body
    expect((await readBody(web, 100))?.toString()).toBe('a=1&b=2')
    expect(await readBody(null, 100)).toEqual(Buffer.alloc(0))
  })

  it('gives up beyond the limit, declared or found while reading', async () => {
    expect(await readBody(Readable.from([Buffer.alloc(10)]), 100, 101)).toBeNull()
    expect(await readBody(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).toBeNull()
    const web = new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(200) }).body
    expect(await readBody(web, 100)).toBeNull()
  })

  it('drains a Node stream it gives up on, so that the connection can answer', async () => {
    const stream = new PassThrough()
    const read = readBody(stream, 10)
    stream.write(Buffer.alloc(20))
    expect(await read).toBeNull()
    stream.end(Buffer.alloc(1000))
    await new Promise<void>((resolve) => stream.once('end', resolve))
    expect(stream.readableEnded).toBe(true)
  })
})

describe('readBody of a body cut short', () => {
  /** A server reading each request's body with readBody; the outcome of the one request sent. */
  async function serverOutcome(send: (socket: net.Socket) => void): Promise<unknown> {
    let outcome: (value: unknown) => void
    const result = new Promise((resolve) => (outcome = resolve))
    const server = http.createServer((req, res) => {
      readBody(req, MAX_BODY_BYTES).then(outcome, outcome)
      res.on('error', () => {})
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    send(socket)
    try {
      return await result
    } finally {
      socket.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  it('answers 400 (never a connection error) when the client closes mid-body', async () => {
    const error = await serverOutcome((socket) => {
      socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      )
      setTimeout(() => socket.destroy(), 50)
    })
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).detail).toMatch(/incomplet/)
  })

  it('answers 400 for a malformed chunk', async () => {
    const error = await serverOutcome((socket) => {
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\nzz\r\n')
    })
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
  })

  it('answers 400 when a web stream errors', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([123]))
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
      },
    })
    expect((await rejection(readBody(body, 100))).status).toBe(400)
  })
})

describe('parseBody', () => {
  const json = { accepted: ['json'] } as const

  it('parses JSON and a form (nested like a query string)', () => {
    expect(parseBody(Buffer.from('{"a":1}'), 'application/json; charset=utf-8', json)).toEqual({
      present: true,
      value: { a: 1 },
    })
    expect(parseBody(Buffer.from('[1]'), 'application/geo+json', json)).toEqual({ present: true, value: [1] })
    expect(
      parseBody(
        Buffer.from('titre=Local+%C3%A0+Rennes&surface=42&tags[]=a&tags[]=b&lieu[codcom]=35238'),
        'application/x-www-form-urlencoded',
        {
          accepted: ['json', 'form'],
        },
      ),
    ).toEqual({
      present: true,
      value: { titre: 'Local à Rennes', surface: '42', tags: ['a', 'b'], lieu: { codcom: '35238' } },
    })
  })

  it('takes an empty or blank body for no body', () => {
    expect(parseBody(Buffer.from('  \n'), 'application/json', json)).toEqual({ present: false })
    expect(parseBody(Buffer.alloc(0), 'text/plain', json)).toEqual({ present: false })
  })

  it('reads a body without Content-Type as JSON only where told to', () => {
    expect(parseBody(Buffer.from('[1]'), undefined, { ...json, untypedIsJson: true })).toEqual({
      present: true,
      value: [1],
    })
    expect(failure(() => parseBody(Buffer.from('[1]'), null, json)).status).toBe(415)
  })

  it('answers 415 naming the accepted media types, 400 for malformed JSON', () => {
    const other = failure(() => parseBody(Buffer.from('a=1'), 'application/x-www-form-urlencoded', json))
    expect(other.status).toBe(415)
    expect(other.detail).toMatch(/application\/json, reçu « application\/x-www-form-urlencoded »/)
    expect(
      failure(() => parseBody(Buffer.from('<a/>'), 'text/xml', { accepted: ['json', 'form'] })).detail,
    ).toMatch(/application\/json ou application\/x-www-form-urlencoded/)
    const malformed = failure(() => parseBody(Buffer.from('{bad'), 'application/json', json))
    expect(malformed.status).toBe(400)
    expect(malformed.detail).toMatch(/JSON valide/)
  })
})

describe('requestBody', () => {
  it('reads and parses the body of a request', async () => {
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"x"}',
    })
    expect(await requestBody(request, { accepted: ['json'] })).toEqual({
      present: true,
      value: { title: 'x' },
    })
  })

  it('answers 413 beyond 64 KiB', async () => {
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(MAX_BODY_BYTES) }),
    })
    expect((await rejection(requestBody(request, { accepted: ['json'] }))).status).toBe(413)
  })
})

describe('parseBody and nesting', () => {
  it('refuses JSON nested deeper than 32 levels with a 400, before parsing', () => {
    for (const text of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      `{"a":${'{"b":'.repeat(40)}1${'}'.repeat(41)}`,
    ]) {
      const error = failure(() => parseBody(Buffer.from(text), 'application/json', { accepted: ['json'] }))
      expect(error.status).toBe(400)
      expect(error.detail).toMatch(/32 niveaux/)
    }
    // Brackets inside strings are text.
    const inString = JSON.stringify({ q: '['.repeat(1000) })
    expect(parseBody(Buffer.from(inString), 'application/json', { accepted: ['json'] })).toEqual({
      present: true,
      value: { q: '['.repeat(1000) },
    })
    const deep32 = '['.repeat(32) + ']'.repeat(32)
    expect(parseBody(Buffer.from(deep32), 'application/json', { accepted: ['json'] }).present).toBe(true)
  })

  it('refuses form keys nested deeper than 32 levels with a 400', () => {
    const form = `offre${'[a]'.repeat(3000)}=x&titre=y`
    const error = failure(() =>
      parseBody(Buffer.from(form), 'application/x-www-form-urlencoded', { accepted: ['json', 'form'] }),
    )
    expect(error.status).toBe(400)
  })
})
