// GET /v0/decoupages, /v0/decoupages/:id and /v0/zones/:id through real HTTP on both engines: the
// division kinds and their counts, the zones of a kind, a zone's outline as one MultiPolygon
// feature (changelog 0.7.2), scopes eco or fiscal, errors, ETag, and a zone id used in a search.
import { expect, test } from '../support/contract-test'
import { searchResultSchema } from '@/lib/establishments/search-contract'
import { problemSchema } from '@/lib/http/problem-schema'
import { divisionListSchema, divisionZonesSchema, zoneFeatureCollectionSchema } from '@/lib/territory/zones'
import { rawRequest } from '../support/http'
import { oracle, ref } from '../support/search-oracle'
import { bearer } from '../support/tokens'

const get = (baseURL: string, path: string, auth: string, headers: Record<string, string> = {}) =>
  rawRequest(baseURL, { path, headers: { Accept: 'application/json', Authorization: auth, ...headers } })

test('the division kinds with their number of zones, each url answering its zones', async ({
  baseURL,
}, testInfo) => {
  const auth = await bearer(baseURL!, testInfo, 'fiscal')
  const response = await get(baseURL!, '/v0/decoupages', auth)
  expect(response.status).toBe(200)
  const { decoupages } = divisionListSchema.parse(response.json())
  expect(decoupages.map((d) => d.id)).toEqual(['epci', 'departement', 'region'])
  for (const division of decoupages) {
    expect(division.zones).toBe(ref.zones.filter((z) => z.type === division.id).length)
    const zones = divisionZonesSchema.parse((await get(baseURL!, division.url, auth)).json())
    expect(zones.total).toBe(division.zones)
    expect(zones.zones).toHaveLength(division.zones)
  }
})

test('the zones of a kind: UUID, code and name, by code; unknown kind 404', async ({ baseURL }, testInfo) => {
  const auth = await bearer(baseURL!, testInfo, 'eco')
  const zones = divisionZonesSchema.parse((await get(baseURL!, '/decoupages/region', auth)).json())
  const bretagne = zones.zones.find((z) => z.code === '53')!
  expect(bretagne).toEqual({
    id: ref.zones.find((z) => z.type === 'region' && z.code === '53')!.id,
    code: '53',
    nom: 'Bretagne',
    url: `/v0/zones/${bretagne.id}`,
  })
  const unknown = await get(baseURL!, '/v0/decoupages/canton', auth)
  expect(unknown.status).toBe(404)
  expect(problemSchema.parse(unknown.json()).detail).toContain('epci, departement, region')
})

test('a zone: one Feature whose MultiPolygon gathers its communes; errors; ETag', async ({
  baseURL,
}, testInfo) => {
  const auth = await bearer(baseURL!, testInfo, 'eco')
  const zone = ref.zones.find((z) => z.type === 'epci' && z.communes.length > 5)!
  const response = await get(baseURL!, `/v0/zones/${zone.id}`, auth, { Accept: 'application/geo+json' })
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toBe('application/geo+json')
  const collection = zoneFeatureCollectionSchema.parse(response.json())
  const feature = collection.features[0]!
  expect(feature.properties).toEqual({ id: zone.id, code: zone.code, nom: zone.nom, type: 'epci' })
  expect(feature.geometry.coordinates.length).toBeGreaterThanOrEqual(1)
  // The outline holds every located member's commune point (points lie inside their outlines).
  const [west, south, east, north] = feature.geometry.coordinates
    .flatMap((polygon) => polygon[0]!)
    .reduce(
      ([w, s, e, n], [x, y]) => [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)],
      [Infinity, Infinity, -Infinity, -Infinity],
    )
  for (const code of zone.communes) {
    const point = ref.communes.find((c) => c.code === code)?.point
    if (!point) continue
    expect(point[0]).toBeGreaterThanOrEqual(west)
    expect(point[0]).toBeLessThanOrEqual(east)
    expect(point[1]).toBeGreaterThanOrEqual(south)
    expect(point[1]).toBeLessThanOrEqual(north)
  }
  const extension = await rawRequest(baseURL!, {
    path: `/zones/${zone.id}.geojson`,
    headers: { Authorization: auth },
  })
  expect(extension.status).toBe(200)
  expect(
    await get(baseURL!, `/v0/zones/${zone.id}`, auth, {
      Accept: 'application/geo+json',
      'If-None-Match': response.headers.etag!,
    }),
  ).toMatchObject({
    status: 304,
  })
  expect((await get(baseURL!, '/v0/zones/not-a-uuid', auth)).status).toBe(400)
  expect((await get(baseURL!, '/v0/zones/00000000-0000-4000-8000-000000000000', auth)).status).toBe(404)
  expect((await get(baseURL!, `/v0/zones/${zone.id}`, await bearer(baseURL!, testInfo, 'none'))).status).toBe(
    403,
  )
  expect(
    (await rawRequest(baseURL!, { path: `/v0/zones/${zone.id}`, headers: { Accept: 'application/json' } }))
      .status,
  ).toBe(401)
})

test('a zone id from the list searches the establishments of its communes', async ({ baseURL }, testInfo) => {
  const auth = await bearer(baseURL!, testInfo, 'eco')
  const zones = divisionZonesSchema.parse((await get(baseURL!, '/v0/decoupages/departement', auth)).json())
  const zone = zones.zones.find((z) => z.code === '35')!
  const page = searchResultSchema.parse(
    (await get(baseURL!, `/v0/eco/sirets?search[zone_id]=${zone.id}&size=100`, auth)).json(),
  )
  const expected = oracle({ zones: [zone.id] })
  expect(page.total).toBe(expected.length)
  expect(page.etablissements.map((e) => e.siret)).toEqual(expected.slice(0, 100))
})
