import { describe, expect, it } from 'vitest'
import { datasetQuerySchema } from './contract'

const parse = (query: Record<string, unknown>) => datasetQuerySchema.safeParse(query)

describe('GET /v0/datasets/:id query', () => {
  it('defaults: page 1, 100 records, addresses valid an hour, no csv flag', () => {
    expect(parse({}).data).toEqual({ page: 1, size: 100, expires: 3600 })
  })

  it.each([
    [{ csv: '' }, true],
    [{ csv: 'true' }, true],
    [{ csv: '1' }, true],
    [{ csv: 'false' }, false],
    [{ csv: '0' }, false],
  ])('reads the csv flag %j', (query, expected) => expect(parse(query).data?.csv).toBe(expected))

  it('accepts the legacy encoding parameter', () => {
    expect(parse({ encoding: 'iso-8859-15' }).data?.encoding).toBe('ISO-8859-15')
    expect(parse({ encoding: 'UTF-8' }).data?.encoding).toBe('UTF-8')
  })

  it.each([
    ['page 0', { page: '0' }, 'page'],
    ['a page that is not a number', { page: 'deux' }, 'page'],
    ['size 0', { size: '0' }, 'size'],
    ['size over 1000', { size: '1001' }, 'size'],
    ['a fractional size', { size: '10.5' }, 'size'],
    ['expires 0', { expires: '0' }, 'expires'],
    ['expires over seven days', { expires: '604801' }, 'expires'],
    ['expires that is not a number', { expires: 'demain' }, 'expires'],
    ['a csv flag with another value', { csv: 'oui' }, 'csv'],
    ['an unknown encoding', { encoding: 'ebcdic' }, 'encoding'],
    ['an unknown parameter', { format: 'csv' }, ''],
    ['a repeated parameter', { page: ['1', '2'] }, 'page'],
  ])('refuses %s', (_name, query, path) => {
    const result = parse(query)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })

  it('reports every invalid parameter at once', () => {
    expect(parse({ page: '0', size: '5000', expires: '-1' }).error?.issues).toHaveLength(3)
  })
})
