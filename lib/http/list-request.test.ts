import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './api-error'
import { RESULT_CAP } from './list-limits'
import { listRequestSchema, resolveListRequest, searchFromQuery } from './list-request'
import { queryToObject } from './query'

const search = z.union([z.string(), z.strictObject({ codcom: z.string().optional() })])
const schema = listRequestSchema(search, { bbox: z.string() })
type Input = z.output<typeof schema>
const fromQuery = (qs: string) => schema.parse(queryToObject(new URLSearchParams(qs)))

function problemOf(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected an ApiError')
}

describe('searchFromQuery', () => {
  it('reads JSON objects and strings, keeps free text and nested objects', () => {
    expect(searchFromQuery('{"code_commune":"35238"}')).toEqual({ code_commune: '35238' })
    expect(searchFromQuery('"boulangerie"')).toBe('boulangerie')
    expect(searchFromQuery('boulangerie')).toBe('boulangerie')
    expect(searchFromQuery('{pas du json')).toBe('{pas du json')
    expect(searchFromQuery({ q: 'x' })).toEqual({ q: 'x' })
  })
})

describe('listRequestSchema', () => {
  it('reads search as JSON, bracketed keys or text, and page and size as digits', () => {
    expect(fromQuery('search={"codcom":"35238"}&page=2&size=10')).toEqual({
      search: { codcom: '35238' },
      page: 2,
      size: 10,
    })
    expect(fromQuery('search[codcom]=35238')).toEqual({ search: { codcom: '35238' } })
    expect(fromQuery('search=mairie&bbox=1,2,3,4')).toEqual({ search: 'mairie', bbox: '1,2,3,4' })
  })

  it('refuses unknown parameters naming the accepted ones, and page or size out of bounds', () => {
    const unknown = schema.safeParse({ pages: 2 })
    expect(unknown.error?.issues[0]?.message).toBe(
      'Paramètre inconnu : pages. Paramètres acceptés : search, page, size, bbox.',
    )
    const bounds = schema.safeParse({ page: 0, size: 101 })
    expect(bounds.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['page', 'La première page est la page 1.'],
      ['size', 'size vaut au plus 100.'],
    ])
    expect(schema.safeParse({ size: '1.5' }).error?.issues[0]?.message).toBe('size est un nombre entier.')
  })
})

describe('resolveListRequest', () => {
  it('defaults to the first page of 50 and merges the query string with the body', () => {
    expect(
      resolveListRequest<Input>({ query: { bbox: 'b' }, body: { search: 'x' }, format: 'json' }),
    ).toEqual({
      bbox: 'b',
      search: 'x',
      page: 1,
      size: 50,
      paginated: false,
    })
    expect(resolveListRequest({ body: { size: 10 }, format: 'json' })).toMatchObject({
      page: 1,
      size: 10,
      paginated: true,
    })
  })

  it('refuses a parameter given both in the address and in the body', () => {
    const error = problemOf(() =>
      resolveListRequest({ query: { page: 2 }, body: { page: 3, size: 10 }, format: 'json' }),
    )
    expect(error.status).toBe(400)
    expect(error.options.errors).toEqual([expect.objectContaining({ path: 'page', code: 'duplicate' })])
  })

  it('refuses pages in GeoJSON', () => {
    const error = problemOf(() => resolveListRequest({ body: { page: 1, size: 10 }, format: 'geojson' }))
    expect(error.options.errors?.map((e) => [e.location, e.path])).toEqual([
      ['body', 'page'],
      ['body', 'size'],
    ])
  })

  it('stops pages at the 10,000th result, pointing to the dataset model when there is one', () => {
    expect(resolveListRequest({ body: { page: RESULT_CAP / 100, size: 100 }, format: 'json' }).page).toBe(100)
    const past = problemOf(() =>
      resolveListRequest({ body: { page: 201, size: 50 }, format: 'json', datasetModel: 'parcelle' }),
    )
    expect(past.status).toBe(400)
    expect(past.detail).toContain('la dernière page accessible est la page 200')
    expect(past.detail).toContain('(modèle parcelle)')
    expect(past.options.extensions).toEqual({ max_results: RESULT_CAP, datasets: '/v0/datasets' })
    const withoutModel = problemOf(() =>
      resolveListRequest({ body: { page: 101, size: 100 }, format: 'json' }),
    )
    expect(withoutModel.detail).toContain('Affinez la recherche')
    expect(withoutModel.options.extensions).toEqual({ max_results: RESULT_CAP })
    // GeoJSON is not paginated: no cap on pages to check.
    expect(resolveListRequest({ format: 'geojson' })).toMatchObject({ page: 1, size: 50 })
  })
})
