import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../openapi/build-document'
import { CONTRACTS } from '../openapi/contracts'
import { OpenApiContract, type CheckedResponse, type OpenApiDocument } from './openapi-contract'

const contract = new OpenApiContract(
  buildOpenApiDocument(CONTRACTS, { version: '1.2.3', serverUrl: '/' }) as unknown as OpenApiDocument,
)
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const response = (r: Partial<CheckedResponse> & { json?: unknown }): CheckedResponse => ({
  method: 'GET',
  url: '/',
  status: 200,
  headers: JSON_TYPE,
  body: Buffer.from(r.json === undefined ? '' : JSON.stringify(r.json)),
  ...r,
})
const status = { version: '1.2.3', donnees: null }

describe('OpenApiContract', () => {
  it('finds the operation of a path, with or without /v0 and an extension', () => {
    expect(contract.operationFor('GET', '/')?.operation.operationId).toBe('getStatus')
    expect(contract.operationFor('GET', '/eco/sirets?size=2')?.operation.operationId).toBe(
      'searchEstablishments',
    )
    expect(contract.operationFor('HEAD', '/v0/eco/sirets/clusters')?.operation.operationId).toBe(
      'clusterEstablishments',
    )
    expect(contract.operationFor('GET', '/v0/eco/sirets/12345678901234')?.operation.operationId).toBe(
      'getEstablishment',
    )
    expect(contract.operationFor('GET', '/v0/eco/sirets.geojson')?.operation.operationId).toBe(
      'searchEstablishments',
    )
    expect(contract.operationFor('POST', '/eco/immo/offres')?.operation.operationId).toBe('createOffer')
    expect(contract.operationFor('GET', '/bff/offres')).toBeNull()
    expect(contract.operationFor('POST', '/oauth/token')).toBeNull()
  })

  it('accepts a response as declared, compressed or not', () => {
    expect(contract.check(response({ json: status }))).toEqual([])
    const gzip = zlib.gzipSync(JSON.stringify(status))
    expect(
      contract.check(response({ body: gzip, headers: { ...JSON_TYPE, 'content-encoding': 'gzip' } })),
    ).toEqual([])
    expect(contract.check(response({ method: 'HEAD' }))).toEqual([])
  })

  it('reports an undeclared status, an undeclared content type and a body off its schema', () => {
    expect(contract.check(response({ status: 418, json: {} }))[0]).toContain('status 418 not declared')
    expect(
      contract.check(response({ headers: { 'content-type': 'text/csv' }, body: Buffer.from('a,b') }))[0],
    ).toContain('content type text/csv not declared')
    expect(contract.check(response({ json: { version: 'x', donnees: null } }))[0]).toContain('/version')
    expect(contract.check(response({ json: { ...status, extra: 1 } })).length).toBeGreaterThan(0)
    const problem = { type: '/problems/not-found', title: 'Introuvable', status: 404, detail: 'x' }
    expect(
      contract.check(
        response({
          url: '/v0/eco/sirets/12345678901234',
          status: 404,
          headers: { 'content-type': 'application/problem+json; charset=utf-8' },
          json: problem,
        }),
      ),
    ).toEqual([])
  })

  it('leaves responses of addresses that are no operation alone', () => {
    expect(contract.check(response({ url: '/bff/offres', status: 418 }))).toEqual([])
  })
})
