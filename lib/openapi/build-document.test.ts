import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, TAG_DESCRIPTIONS } from './build-document'
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

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: string
  required: boolean
  schema: Schema
  style?: string
  explode?: boolean
  example?: unknown
}
interface Operation {
  operationId: string
  tags: string[]
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: Schema; example?: unknown }> }>
}
interface Document {
  openapi: string
  info: { license: { name: string; identifier: string } }
  tags: Array<{ name: string; description: string }>
  paths: Record<string, Record<string, Operation>>
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
const valid = (schema: Schema, value: unknown) => {
  const validate = ajv.compile(schema)
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument(CONTRACTS, {
    version: '1.2.3',
    serverUrl: '/',
  }) as unknown as Document
  const operations = Object.entries(document.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ template, method, op })),
  )
  const get = (template: string) => document.paths[template]!.get!

  it('is OpenAPI 3.1 with one operation per contract', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(operations).toHaveLength(CONTRACTS.length)
  })

  it('declares every API route file (a route must register its contract)', () => {
    // The catch-all of unknown addresses (app/v0/[...path]) answers 404 and is no operation.
    const declared = new Set([...CONTRACTS.map((c) => (c.path === '/' ? '/v0' : c.path)), '/v0/{path}'])
    for (const template of routeTemplates()) expect(declared, `contract for ${template}`).toContain(template)
  })

  it('describes responses with schemas', () => {
    expect(document.paths['/']!.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    })
  })

  it('has the MIT licence of the package and describes every tag it uses', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { license: string }
    expect(document.info.license).toEqual({ name: pkg.license, identifier: pkg.license })
    const used = new Set(operations.flatMap(({ op }) => op.tags))
    expect(document.tags.map((t) => t.name).sort()).toEqual([...used].sort())
    for (const tag of document.tags) expect(tag.description).toBe(TAG_DESCRIPTIONS[tag.name])
  })

  it('uses standard formats only', () => {
    const formats = new Set([...JSON.stringify(document).matchAll(/"format":"([^"]+)"/g)].map((m) => m[1]))
    expect([...formats].sort()).toEqual(['email', 'uri', 'uuid'])
  })

  it('declares the serialisation of search (deepObject) on every list operation, and the GET body form', () => {
    const lists = operations.filter(({ op }) => op.parameters.some((p) => p.name === 'search'))
    expect(lists.length).toBeGreaterThanOrEqual(10)
    for (const { template, op } of lists) {
      expect(
        op.parameters.find((p) => p.name === 'search'),
        template,
      ).toMatchObject({
        in: 'query',
        style: 'deepObject',
        explode: true,
      })
      expect(op.requestBody?.content['application/json']?.schema, template).toMatchObject({ type: 'object' })
    }
  })

  it('gives page and size their bounds, and bbox and zoom of the clusters as required', () => {
    const parameters = get('/v0/eco/sirets').parameters
    expect(parameters.find((p) => p.name === 'size')!.schema).toMatchObject({ minimum: 1, maximum: 100 })
    expect(parameters.find((p) => p.name === 'page')!.schema).toMatchObject({ minimum: 1, maximum: 10_000 })
    expect(parameters.find((p) => p.name === 'page')!.schema.description).toContain('page × size ≤ 10')
    const clusters = get('/v0/eco/sirets/clusters').parameters
    expect(clusters.filter((p) => p.required).map((p) => p.name)).toEqual(['bbox', 'zoom'])
    expect(clusters.find((p) => p.name === 'bbox')).toMatchObject({ style: 'form', explode: false })
  })

  it('gives search keys the patterns and enums of the schemas that validate them', () => {
    const search = get('/v0/eco/sirets').parameters.find((p) => p.name === 'search')!.schema
    const keys = ((search.anyOf as Schema[])[1]!.properties ?? {}) as Record<string, { anyOf: Schema[] }>
    expect(keys.siren!.anyOf[0]).toMatchObject({ pattern: '^\\d{9}$' })
    expect(keys.siret!.anyOf[0]).toMatchObject({ pattern: '^\\d{14}$' })
    expect(keys.zone_id!.anyOf[0]).toMatchObject({ format: 'uuid' })
    expect(keys.tranche_effectif!.anyOf[0]!.enum).toContain('NN')
    const offers = get('/v0/eco/immo/offres').parameters.find((p) => p.name === 'search')!.schema
    const offerKeys = ((offers.anyOf as Schema[])[1]!.properties ?? {}) as Record<string, { anyOf: Schema[] }>
    expect(offerKeys.local_type!.anyOf[0]!.enum).toContain('bureaux')
    // A schema-valid value is what the server accepts; one breaking the pattern is what it refuses.
    expect(valid(keys.siren!, '123456789')).toEqual([])
    expect(valid(keys.siren!, '12345678')).not.toEqual([])
  })

  it('declares the statuses the server sends on every operation', () => {
    for (const { template, method, op } of operations) {
      for (const status of ['400', '406', '413', '415', '503', '504'])
        expect(op.responses[status], `${method} ${template} ${status}`).toBeDefined()
    }
    expect(get('/v0/eco/sirets').responses['304']).toBeDefined()
  })

  it('lets the GeoJSON of a parcel carry its owners, premises and fiscal subdivisions', () => {
    const schema = get('/v0/ca/parcelles/{id}').responses['200']!.content!['application/geo+json']!.schema
    const properties = (schema.properties as Record<string, Schema>).properties!.properties as Schema
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['proprietaires', 'locaux', 'suf']))
  })

  it('gives every operation an example, each valid against its schema', () => {
    for (const { template, method, op } of operations) {
      const where = `${method} ${template}`
      const examples: Array<[Schema, unknown]> = [
        ...op.parameters.filter((p) => 'example' in p).map((p): [Schema, unknown] => [p.schema, p.example]),
        ...Object.values(op.requestBody?.content ?? {})
          .filter((m) => 'example' in m)
          .map((m): [Schema, unknown] => [m.schema, m.example]),
        ...Object.values(op.responses)
          .flatMap((r) => Object.values(r.content ?? {}))
          .filter((m) => 'example' in m)
          .map((m): [Schema, unknown] => [m.schema, m.example]),
      ]
      expect(examples.length, where).toBeGreaterThan(0)
      for (const [schema, example] of examples) expect(valid(schema, example), where).toEqual([])
      // Path parameters always have one: the example request is fully written.
      for (const p of op.parameters.filter((p) => p.in === 'path'))
        expect(p.example, `${where} ${p.name}`).toBeDefined()
    }
  })
})
