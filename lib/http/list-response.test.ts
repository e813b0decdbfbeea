import { describe, expect, it } from 'vitest'
import type { ListRequest } from './list-request'
import { notFound } from './api-error'
import {
  conditionalResponse,
  listResponse,
  pageUrl,
  paginationLinks,
  recordResponse,
  type ListSource,
} from './list-response'

type Input = { search?: unknown; bbox?: number[]; page?: number; size?: number }

const list = (over: Partial<ListRequest<Input>> = {}): ListRequest<Input> => ({
  search: { codcom: '35238' },
  page: 1,
  size: 50,
  paginated: false,
  ...over,
})

const links = (header: string) =>
  Object.fromEntries(
    header.split(', ').map((part) => {
      const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(part)!
      return [rel, Object.fromEntries(new URL(url!, 'http://x').searchParams)]
    }),
  )

describe('pagination links', () => {
  it('writes the search as JSON and the other parameters in their query form', () => {
    const url = pageUrl('/v0/ca/parcelles', list({ bbox: [1, 2, 3, 4], size: 10 }), 3)
    expect(url.startsWith('/v0/ca/parcelles?')).toBe(true)
    expect(Object.fromEntries(new URL(url, 'http://x').searchParams)).toEqual({
      search: '{"codcom":"35238"}',
      bbox: '1,2,3,4',
      page: '3',
      size: '10',
    })
  })

  it('gives first, prev, next and last among the reachable pages', () => {
    const middle = links(paginationLinks('/x', list({ page: 2, size: 10 }), 45))
    expect(Object.keys(middle)).toEqual(['first', 'prev', 'next', 'last'])
    expect([middle.first!.page, middle.prev!.page, middle.next!.page, middle.last!.page]).toEqual([
      '1',
      '1',
      '3',
      '5',
    ])
    const first = links(paginationLinks('/x', list(), 0))
    expect(Object.keys(first)).toEqual(['first', 'last'])
    // Past the cap, the last link is the last reachable page.
    expect(links(paginationLinks('/x', list({ size: 100 }), 50_000)).last!.page).toBe('100')
  })
})

describe('conditional responses', () => {
  const request = (ifNoneMatch?: string) =>
    new Request('http://x/v0/x', ifNoneMatch ? { headers: { 'If-None-Match': ifNoneMatch } } : {})

  it('tags the representation and answers 304 to its tag without producing it', async () => {
    let produced = 0
    const produce = async () => {
      produced++
      return { body: { a: 1 } }
    }
    const first = await conditionalResponse(request(), { version: 'v1', parts: { id: 1 } }, produce)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(first.headers.get('vary')).toBe('Accept')
    expect(await first.json()).toEqual({ a: 1 })
    const etag = first.headers.get('etag')!
    const again = await conditionalResponse(request(etag), { version: 'v1', parts: { id: 1 } }, produce)
    expect(again.status).toBe(304)
    expect(produced).toBe(1)
    const changed = await conditionalResponse(request(etag), { version: 'v2', parts: { id: 1 } }, produce)
    expect(changed.status).toBe(200)
  })

  it('answers If-None-Match: * with 304 only for a representation that exists, else the 404 (RFC 9110 §13.1.2)', async () => {
    const exists = await conditionalResponse(request('*'), { version: 'v', parts: 1 }, async () => ({
      body: 1,
    }))
    expect(exists.status).toBe(304)
    const missing = conditionalResponse(request(' * '), { version: 'v', parts: 2 }, async () => {
      throw notFound('Aucun enregistrement.')
    })
    await expect(missing).rejects.toMatchObject({ status: 404 })
    const record = recordResponse(request('*'), {
      version: 'v',
      key: 'x',
      load: async () => {
        throw notFound('Aucun enregistrement.')
      },
    })
    await expect(record).rejects.toMatchObject({ status: 404 })
  })

  it('sends text bodies as they are, with the content type of their format', async () => {
    const response = await conditionalResponse(request(), { version: 'v', parts: 1 }, async () => ({
      body: '{"type":"FeatureCollection","features":[]}',
      format: 'geojson',
    }))
    expect(response.headers.get('content-type')).toBe('application/geo+json')
    expect(await response.text()).toBe('{"type":"FeatureCollection","features":[]}')
  })

  it('sends byte bodies as they are', async () => {
    const text = '{"type":"FeatureCollection","features":[],"nom":"Évry"}'
    const response = await conditionalResponse(request(), { version: 'v', parts: 1 }, async () => ({
      body: Buffer.from(text, 'utf8'),
      format: 'geojson',
    }))
    expect(response.headers.get('content-type')).toBe('application/geo+json')
    expect(await response.text()).toBe(text)
  })
})

describe('listResponse', () => {
  const seen: Array<ListRequest<Input>> = []
  const source: ListSource<ListRequest<Input>> = {
    itemsKey: 'parcelles',
    datasetModel: 'parcelle',
    version: async () => 'v1',
    async page(request) {
      seen.push(request)
      return { total: 120, items: [{ id: 'a' }] }
    },
    async geojson() {
      return '{"type":"FeatureCollection","features":[]}'
    },
  }
  const input = (format: 'json' | 'geojson', body: Input | undefined, query?: Input) => ({
    request: new Request('http://x/v0/ca/parcelles'),
    url: new URL('http://x/v0/ca/parcelles'),
    format,
    query,
    body,
  })

  it('answers a page under the items key with its Link header', async () => {
    const response = await listResponse(source, input('json', { search: { codcom: '35238' }, page: 2 }))
    expect(await response.json()).toEqual({ total: 120, page: 2, parcelles: [{ id: 'a' }] })
    expect(links(response.headers.get('link')!).next).toMatchObject({ page: '3', size: '50' })
    expect(seen.at(-1)).toEqual({ search: { codcom: '35238' }, page: 2, size: 50, paginated: true })
  })

  it('answers GeoJSON unpaginated', async () => {
    const response = await listResponse(source, input('geojson', undefined, {}))
    expect(response.headers.get('content-type')).toBe('application/geo+json')
    expect(response.headers.get('link')).toBeNull()
    await expect(listResponse(source, input('geojson', { page: 2 }))).rejects.toMatchObject({ status: 400 })
  })

  it('tags JSON pages apart from each other and from the GeoJSON', async () => {
    const tag = async (format: 'json' | 'geojson', body?: Input) =>
      (await listResponse(source, input(format, body))).headers.get('etag')
    const tags = [await tag('json'), await tag('json', { page: 2 }), await tag('geojson')]
    expect(new Set(tags).size).toBe(3)
    expect(await tag('json', { page: 1, size: 50 })).toBe(tags[0])
  })
})
