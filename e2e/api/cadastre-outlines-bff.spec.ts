// GET /bff/cadastre/parcelles?bbox=w,s,e,n — the parcel outlines of the staff's maps — through real
// HTTP on both engines: a session is required (401), a malformed or too wide view is refused (400,
// zoom in), and the answer is the FeatureCollection of the parcels whose outline really meets the
// view (checked with an independent polygon intersection), the same parcels as GET /v0/geo/parcelles.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import polygonClipping, { type Geom } from 'polygon-clipping'
import { problemSchema } from '@/lib/http/problem-schema'
import { EXAMPLE_PARCEL_ID } from '@/lib/cadastre/contracts'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PROBLEM = 'application/problem+json; charset=utf-8'

type Position = [number, number]
interface Outline {
  type: 'Polygon' | 'MultiPolygon'
  coordinates: Position[][] | Position[][][]
}
interface Collection {
  type: 'FeatureCollection'
  features: Array<{
    type: 'Feature'
    geometry: Outline
    properties: { id: string; url: string; codcom: string; section: string; contenance: number }
  }>
}

const polygons = (g: Outline): Position[][][] =>
  g.type === 'Polygon' ? [g.coordinates as Position[][]] : (g.coordinates as Position[][][])

/** Whether an outline meets a box: their intersection has area, or a vertex lies in the box. */
function meets(g: Outline, [w, s, e, n]: number[]): boolean {
  const box: Geom = [
    [
      [w!, s!],
      [e!, s!],
      [e!, n!],
      [w!, n!],
      [w!, s!],
    ],
  ]
  if (polygonClipping.intersection(polygons(g) as Geom, box).length > 0) return true
  return polygons(g).some((p) =>
    p.some((ring) => ring.some(([x, y]) => x >= w! && x <= e! && y >= s! && y <= n!)),
  )
}

async function problem(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) {
  expect(response.status()).toBe(status)
  expect(response.headers()['content-type']).toBe(PROBLEM)
  return problemSchema.parse(await response.json())
}

/** A street-sized box around a corner of the example parcel's outline (the parcel meets it surely). */
async function boxAtExampleParcel(request: APIRequestContext, authorization: string): Promise<number[]> {
  const response = await request.get(`/v0/ca/parcelles/${EXAMPLE_PARCEL_ID}`, {
    headers: { Accept: 'application/geo+json', Authorization: authorization },
  })
  expect(response.status()).toBe(200)
  const [x, y] = polygons(((await response.json()) as { geometry: Outline }).geometry)[0]![0]![0]!
  const r = (v: number) => Math.round(v * 1e5) / 1e5
  return [r(x - 0.004), r(y - 0.003), r(x + 0.004), r(y + 0.003)]
}

test('refuses callers without a session (401)', async ({ request }) => {
  const body = await problem(await request.get('/bff/cadastre/parcelles?bbox=-1.68,48.10,-1.67,48.11'), 401)
  expect(body.detail).toMatch(/Connectez-vous/)
})

test('refuses a malformed or too wide view with a 400 that says why', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'staff')
  for (const query of [
    '',
    'bbox=',
    'bbox=a,b,c,d',
    'bbox=-1.68,48.10,-1.67',
    'bbox=-1.67,48.10,-1.68,48.11',
    'bbox=-1.68,95,-1.67,96',
  ]) {
    const body = await problem(await request.get(`/bff/cadastre/parcelles?${query}`), 400)
    expect(body.errors?.[0]?.location, query).toBe('query')
    expect(body.errors?.[0]?.path, query).toMatch(/^bbox/)
  }
  // A city-wide view (zoom 12 or so): zoom in.
  const wide = await problem(await request.get('/bff/cadastre/parcelles?bbox=-1.75,48.07,-1.60,48.15'), 400)
  expect(wide.errors?.[0]?.message).toMatch(/Vue trop étendue .* zoomez/)
})

test('answers the parcels whose outline meets the view, as GET /v0/geo/parcelles does', async ({
  request,
  baseURL,
}, testInfo) => {
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const box = await boxAtExampleParcel(request, fiscal)
  await signInRequest(request, baseURL!, 'staff')
  const response = await request.get(`/bff/cadastre/parcelles?bbox=${box.join(',')}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/geo+json; charset=utf-8')
  expect(response.headers()['cache-control']).toBe('no-store')
  const collection = (await response.json()) as Collection
  expect(collection.type).toBe('FeatureCollection')
  const ids = collection.features.map((f) => f.properties.id)
  expect(ids).toContain(EXAMPLE_PARCEL_ID)
  for (const feature of collection.features) {
    expect(feature.type).toBe('Feature')
    expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
    expect(feature.properties.url).toBe(`/v0/ca/parcelles/${feature.properties.id}`)
    expect(meets(feature.geometry, box), feature.properties.id).toBe(true)
  }

  // The public box endpoint finds the same parcels (n, e, s, w in its path).
  const [w, s, e, n] = box
  const api = await request.get(`/v0/geo/parcelles/${n}/${e}/${s}/${w}`, {
    headers: { Accept: 'application/geo+json', Authorization: fiscal },
  })
  expect(api.status()).toBe(200)
  expect(((await api.json()) as Collection).features.map((f) => f.properties.id)).toEqual(ids)

  // Far from any parcel (the Atlantic): an empty collection.
  const sea = await request.get('/bff/cadastre/parcelles?bbox=-8.01,46.00,-8.00,46.01')
  expect(sea.status()).toBe(200)
  expect(await sea.json()).toEqual({ type: 'FeatureCollection', features: [] })
})
