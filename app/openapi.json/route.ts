// GET /openapi.json: the OpenAPI 3.1 description generated from the route contracts.
import { buildOpenApiDocument } from '@/lib/openapi/build-document'
import { CONTRACTS } from '@/lib/openapi/contracts'
import { jsonResponse } from '@/lib/http/respond'
import { VERSION } from '@/lib/version'

export const dynamic = 'force-static'

export function GET(): Response {
  return jsonResponse(buildOpenApiDocument(CONTRACTS, { version: VERSION, serverUrl: '/' }))
}
