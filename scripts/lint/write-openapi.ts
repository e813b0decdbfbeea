// Writes the OpenAPI document /openapi.json serves (the same build from the route contracts) to a
// file, for `redocly lint` (npm run lint): .openapi/openapi.json unless a path is given.
import fs from 'node:fs'
import path from 'node:path'
import { buildOpenApiDocument } from '@/lib/openapi/build-document'
import { CONTRACTS } from '@/lib/openapi/contracts'
import { VERSION } from '@/lib/version'

const target = path.resolve(process.argv[2] ?? '.openapi/openapi.json')
fs.mkdirSync(path.dirname(target), { recursive: true })
fs.writeFileSync(
  target,
  JSON.stringify(buildOpenApiDocument(CONTRACTS, { version: VERSION, serverUrl: '/' }), null, 2),
)
