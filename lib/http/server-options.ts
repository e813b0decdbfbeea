// Options of the HTTP server (server.ts): how long a client may take to send its headers and its
// whole request before the connection is closed (408), so slow clients cannot hold sockets open.
import type { ServerOptions } from 'node:http'
import type { Env } from '../env'

export function httpServerOptions(
  e: Pick<Env, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS'>,
): ServerOptions {
  return {
    // Node refuses a headers timeout longer than the request timeout.
    headersTimeout: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
    requestTimeout: e.HTTP_REQUEST_TIMEOUT_MS,
    // How often expired requests are looked for (Node's default, 30 s, would let them live longer).
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(e.HTTP_HEADERS_TIMEOUT_MS / 4))),
  }
}
