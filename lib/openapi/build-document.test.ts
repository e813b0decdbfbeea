import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from './build-document'
import { CONTRACTS } from './contracts'

/** OpenAPI path templates of the route files under app/v0 ([id] → {id}, [...path] → {path}). */
function routeTemplates(dir = path.resolve('app/v0'), prefix = '/v0'): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'route.ts') out.push(prefix)
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[\.\.\.(.+)\]$/, '{$1}').replace(/^\[(.+)\]$/, '{$1}')
      out.push(...routeTemplates(path.join(dir, entry.name), `${prefix}/${segment}`))
    }
  }
  return out
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument(CONTRACTS, { version: '1.2.3', serverUrl: '/' }) as {
    openapi: string
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  }

  it('is OpenAPI 3.1 with one operation per contract', () => {
    expect(document.openapi).toBe('3.1.0')
    const operations = Object.values(document.paths).flatMap((p) => Object.keys(p))
    expect(operations).toHaveLength(CONTRACTS.length)
  })

  it('declares every API route file (a route must register its contract)', () => {
    const declared = new Set(CONTRACTS.map((c) => (c.path === '/' ? '/v0' : c.path)))
    for (const template of routeTemplates()) expect(declared, `contract for ${template}`).toContain(template)
  })

  it('describes responses with schemas', () => {
    expect(document.paths['/']!.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    })
  })
})
