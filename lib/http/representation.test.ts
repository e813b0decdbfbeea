import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import type { Format } from './negotiate'
import { representationResponse, type Reply } from './representation'

async function* pieces(): AsyncIterable<string> {
  yield '{"type":"FeatureCollection",'
  yield '"features":[]}'
}

const resource = (formats: readonly Format[]) => ({
  formats,
  asked: [] as Format[],
  async reply(format: Format): Promise<Reply> {
    this.asked.push(format)
    if (format === 'csv') return { kind: 'file', location: 'https://files.example/x.csv?expires=1' }
    if (format === 'geojson') return { kind: 'stream', chunks: pieces() }
    return { kind: 'json', body: { ok: true }, expiring: formats.length === 1 }
  },
})

describe('representationResponse', () => {
  it('renders JSON, varying by Accept', async () => {
    const response = await representationResponse('application/json', resource(['json', 'csv']))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('vary')).toBe('Accept')
    expect(response.headers.get('cache-control')).toBeNull()
    expect(await response.json()).toEqual({ ok: true })
  })

  it('never lets caches store a reply carrying an expiring address', async () => {
    const response = await representationResponse('application/json', resource(['json']))
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('streams a text of the negotiated format', async () => {
    const response = await representationResponse('application/geo+json', resource(['json', 'geojson']))
    expect(response.headers.get('content-type')).toBe('application/geo+json')
    expect(await response.text()).toBe('{"type":"FeatureCollection","features":[]}')
  })

  it('redirects to a file, unstored', async () => {
    const response = await representationResponse('text/csv', resource(['json', 'csv']))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('https://files.example/x.csv?expires=1')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 406 naming the formats this resource offers, before producing anything', async () => {
    const offered = resource(['json', 'csv'])
    const error = await representationResponse('application/geo+json', offered).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(406)
    expect(offered.asked).toEqual([])
  })
})
