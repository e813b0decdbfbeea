// Response builders shared by route handlers.
import { MEDIA_TYPES } from './negotiate'

export const JSON_CONTENT_TYPE = `${MEDIA_TYPES.json}; charset=utf-8`

export function jsonResponse(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE)
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers })
}
