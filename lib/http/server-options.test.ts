import { createServer, type Server } from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { httpServerOptions } from './server-options'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function start(headersMs: number, requestMs: number): Promise<number> {
  server = createServer(
    httpServerOptions({ HTTP_HEADERS_TIMEOUT_MS: headersMs, HTTP_REQUEST_TIMEOUT_MS: requestMs }),
    (_req, res) => res.end('ok'),
  )
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Opens a socket that sends `first` then nothing more; resolves with what the server answered when it closed it. */
function slowClient(port: number, first: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first))
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

describe('httpServerOptions', () => {
  it('closes a connection whose headers never end (408)', async () => {
    const port = await start(200, 400)
    const answer = await slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ')
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('closes a connection whose body never ends (408)', async () => {
    const port = await start(200, 400)
    const answer = await slowClient(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc')
    expect(answer).toContain('HTTP/1.1 408')
  })

  it('defaults to 10 s for headers and 30 s for the whole request', () => {
    expect(
      httpServerOptions({ HTTP_HEADERS_TIMEOUT_MS: 10_000, HTTP_REQUEST_TIMEOUT_MS: 30_000 }),
    ).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
    })
  })
})
