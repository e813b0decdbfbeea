// Response builders shared by route handlers.
import { MEDIA_TYPES } from './negotiate'

export const JSON_CONTENT_TYPE = `${MEDIA_TYPES.json}; charset=utf-8`

/**
 * A JSON response with its Content-Length (server.ts compresses bodies of unknown length, and those
 * of a known one only past 1 KB: lib/http/compression).
 */
export function jsonResponse(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE)
  const body = JSON.stringify(data)
  headers.set('content-length', String(Buffer.byteLength(body)))
  return new Response(body, { status: init.status ?? 200, headers })
}
