// GET /v0/eco/sirets/clusters through real HTTP on both engines: the counts add up exactly to the
// search's located establishments inside the box (several searches, boxes and zooms, both parameter
// forms), at most 2,000 features, single establishments named with a url that resolves, zoom
// splitting clusters, 400s for missing or wrong parameters, 401/403/406, ETag and 304.
import { type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { clusterCollectionSchema } from '@/lib/establishments/search-contract'
import type { SearchCriteria } from '@/lib/establishments/search-criteria'
import { problemSchema } from '@/lib/http/problem-schema'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { busiestCommune, communes, records } from '../support/search-oracle'
import { syntheticWorld } from '@/lib/testing/search-oracle'
import { E2E_SEED } from '../support/servers'
import { bearer } from '../support/tokens'

const GEOJSON = 'application/geo+json'
const PROBLEM = 'application/problem+json; charset=utf-8'
const { matches } = syntheticWorld(E2E_SEED)
type Box = [number, number, number, number]
const FRANCE: Box = [-5.3, 41.2, 9.7, 51.2]

const eco = (baseURL: string | undefined, testInfo: TestInfo) => bearer(baseURL!, testInfo, 'eco')

function byQuery(baseURL: string, auth: string, query: string, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    path: `/v0/eco/sirets/clusters?${query}`,
    headers: { Accept: GEOJSON, Authorization: auth, ...headers },
  })
}

function collection(response: RawResponse) {
  expect(response.status, response.body).toBe(200)
  expect(response.headers['content-type']).toContain(GEOJSON)
  return clusterCollectionSchema.parse(response.json())
}

function problem(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(response.json())
}

function locatedInside(criteria: SearchCriteria, [west, south, east, north]: Box): number {
  return records.filter(
    (r) =>
      r.lon !== null &&
      r.lat !== null &&
      r.lon >= west &&
      r.lon <= east &&
      r.lat >= south &&
      r.lat <= north &&
      matches(r, criteria),
  ).length
}

const busiest = communes.get(busiestCommune)!

test('the counts add up to the located establishments of the search inside the box', async ({
  baseURL,
}, testInfo) => {
  const auth = await eco(baseURL, testInfo)
  const city: Box = [
    busiest.point![0] - 0.15,
    busiest.point![1] - 0.1,
    busiest.point![0] + 0.15,
    busiest.point![1] + 0.1,
  ]
  const cases: Array<[string, SearchCriteria, Box, number]> = [
    ['', {}, FRANCE, 5],
    ['', {}, [-180, -90, 180, 90], 0],
    ['', {}, city, 12],
    [`search[code_commune]=${busiestCommune}`, { communes: [busiestCommune] }, city, 14],
    ['search[code_commune]=69123', { communes: ['69123'] }, [4.7, 45.6, 5.0, 45.9], 11],
    ['search[code_commune]=69123', { communes: ['69123'] }, [4.7, 45.6, 5.0, 45.9], 18],
    [
      `search[departement]=${busiest.departement}&search[tranche_effectif]=NN`,
      { departements: [busiest.departement], tranches: ['NN'] },
      FRANCE,
      7,
    ],
    ['search=boulangerie', { texts: ['boulangerie'] }, FRANCE, 6],
  ]
  for (const [search, criteria, bbox, zoom] of cases) {
    const label = `${search} ${bbox.join(',')} z${zoom}`
    const expected = locatedInside(criteria, bbox)
    expect(expected, label).toBeGreaterThan(0)
    const body = collection(await byQuery(baseURL!, auth, `${search}&bbox=${bbox.join(',')}&zoom=${zoom}`))
    expect(body.total, label).toBe(expected)
    expect(
      body.features.reduce((n, f) => n + f.properties.count, 0),
      label,
    ).toBe(expected)
    expect(body.features.length, label).toBeLessThanOrEqual(2000)
    for (const f of body.features) {
      const [lon, lat] = f.geometry.coordinates
      expect(
        lon >= bbox[0] - 1e-6 && lon <= bbox[2] + 1e-6 && lat >= bbox[1] - 1e-6 && lat <= bbox[3] + 1e-6,
      ).toBe(true)
    }
  }
})

test('zooming in splits clusters; single establishments carry their SIRET and a url that resolves', async ({
  baseURL,
}, testInfo) => {
  const auth = await eco(baseURL, testInfo)
  const box: Box = [4.7, 45.6, 5.0, 45.9]
  const coarse = collection(await byQuery(baseURL!, auth, `search[code_commune]=69123&bbox=${box}&zoom=9`))
  const fine = collection(await byQuery(baseURL!, auth, `search[code_commune]=69123&bbox=${box}&zoom=16`))
  expect(fine.features.length).toBeGreaterThan(coarse.features.length)
  expect(fine.total).toBe(coarse.total)
  const single = fine.features.find((f) => f.properties.count === 1)
  expect(single).toBeDefined()
  if (single && 'id' in single.properties) {
    expect(single.properties.url).toBe(`/v0/eco/sirets/${single.properties.id}`)
    const record = await rawRequest(baseURL!, {
      path: single.properties.url,
      headers: { Accept: 'application/json', Authorization: auth },
    })
    expect(record.status).toBe(200)
  }
  const group = fine.features.find((f) => f.properties.count > 1) ?? coarse.features[0]!
  if ('bbox' in group.properties) {
    const [w, s, e, n] = group.properties.bbox
    expect(w <= e && s <= n).toBe(true)
  }
})

test('the JSON body gives the same answer as the query string; JSON too', async ({ baseURL }, testInfo) => {
  const auth = await eco(baseURL, testInfo)
  const query = collection(
    await byQuery(baseURL!, auth, `search[code_commune]=${busiestCommune}&bbox=${FRANCE.join(',')}&zoom=6`),
  )
  const body = collection(
    await getWithJsonBody(
      baseURL!,
      '/v0/eco/sirets/clusters',
      { search: { code_commune: busiestCommune }, bbox: FRANCE, zoom: 6 },
      { Authorization: auth, Accept: GEOJSON },
    ),
  )
  expect(body).toEqual(query)
  const json = await byQuery(baseURL!, auth, `bbox=${FRANCE.join(',')}&zoom=6`, {
    Accept: 'application/json',
  })
  expect(json.status).toBe(200)
  expect(json.headers['content-type']).toContain('application/json')
  const withoutPrefix = await rawRequest(baseURL!, {
    path: `/eco/sirets/clusters?bbox=${FRANCE.join(',')}&zoom=6`,
    headers: { Accept: GEOJSON, Authorization: auth },
  })
  expect(collection(withoutPrefix).total).toBe(clusterCollectionSchema.parse(json.json()).total)
})

test('400 for a missing bbox or zoom, a wrong zoom or box, pages and unknown parameters', async ({
  baseURL,
}, testInfo) => {
  const auth = await eco(baseURL, testInfo)
  const missing = problem(await byQuery(baseURL!, auth, 'zoom=5'), 400)
  expect(missing.errors?.map((e) => e.path)).toEqual(['bbox'])
  expect(problem(await byQuery(baseURL!, auth, 'bbox=1,42,2,43'), 400).errors?.map((e) => e.path)).toEqual([
    'zoom',
  ])
  for (const query of [
    'bbox=1,42,2,43&zoom=23',
    'bbox=1,42,2,43&zoom=-1',
    'bbox=1,42,2,43&zoom=près',
    'bbox=2,42,1,43&zoom=5',
    'bbox=1,42,2&zoom=5',
    'bbox=1,42,2,43&zoom=5&page=2',
    'bbox=1,42,2,43&zoom=5&taille=2',
    'bbox=1,42,2,43&zoom=5&search[code_commune]=123',
  ]) {
    const body = problem(await byQuery(baseURL!, auth, query), 400)
    expect(body.errors?.length, query).toBeGreaterThan(0)
  }
})

test('401 without a token, 403 without eco, 406 for Accept: */*; ETag and 304', async ({
  baseURL,
}, testInfo) => {
  const path = `/v0/eco/sirets/clusters?bbox=${FRANCE.join(',')}&zoom=5`
  problem(await rawRequest(baseURL!, { path, headers: { Accept: GEOJSON } }), 401)
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  problem(await rawRequest(baseURL!, { path, headers: { Accept: GEOJSON, Authorization: fiscal } }), 403)
  const auth = await eco(baseURL, testInfo)
  problem(await rawRequest(baseURL!, { path, headers: { Accept: '*/*', Authorization: auth } }), 406)
  const first = await rawRequest(baseURL!, { path, headers: { Accept: GEOJSON, Authorization: auth } })
  const etag = first.headers.etag!
  expect(etag).toMatch(/^"[^"]+"$/)
  const again = await rawRequest(baseURL!, {
    path,
    headers: { Accept: GEOJSON, Authorization: auth, 'If-None-Match': etag },
  })
  expect(again.status).toBe(304)
  const other = await rawRequest(baseURL!, {
    path: path.replace('zoom=5', 'zoom=6'),
    headers: { Accept: GEOJSON, Authorization: auth, 'If-None-Match': etag },
  })
  expect(other.status).toBe(200)
})
