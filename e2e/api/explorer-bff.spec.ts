// The explorer's BFF routes through real HTTP with a real staff session: the search page, points
// and record answer exactly what the public API answers for the same search; the autocomplete
// routes; 401 without a session; 400 problem bodies listing the invalid parameters.
import { expect, test } from '../support/contract-test'
import { searchResultSchema } from '@/lib/establishments/search-contract'
import { establishmentDetailWireSchema, featureCollectionSchema } from '@/lib/establishments/serialise'
import { problemSchema } from '@/lib/http/problem-schema'
import { zoneId } from '@/lib/territory/zone-id'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PROBLEM = 'application/problem+json; charset=utf-8'

const ROUTES = [
  '/bff/etablissements',
  '/bff/etablissements/points',
  '/bff/etablissements/35238000000000',
  '/bff/territoire/communes?q=rennes',
  '/bff/territoire/zones?q=bretagne',
  '/bff/territoire/naf?q=62',
]

test('refuses callers without a session (401, problem body)', async ({ request }) => {
  for (const route of ROUTES) {
    const response = await request.get(route)
    expect(response.status(), route).toBe(401)
    expect(response.headers()['content-type']).toBe(PROBLEM)
    expect(problemSchema.parse(await response.json()).status).toBe(401)
  }
})

test('answers the public API’s JSON page, GeoJSON points and record', async ({
  request,
  baseURL,
}, testInfo) => {
  await signInRequest(request, baseURL!, 'staff')
  const token = await bearer(baseURL!, testInfo, 'eco')
  const query = `search[departement]=35&page=2&size=25`

  const page = await request.get(`/bff/etablissements?${query}`)
  expect(page.status()).toBe(200)
  const body = searchResultSchema.parse(await page.json())
  expect(body.page).toBe(2)
  expect(body.etablissements.length).toBe(Math.min(25, Math.max(0, body.total - 25)))
  const publicPage = await request.get(`/v0/eco/sirets?${query}`, {
    headers: { Authorization: token, Accept: 'application/json' },
  })
  expect(await publicPage.json()).toEqual(body)

  const points = await request.get('/bff/etablissements/points?search[departement]=35')
  expect(points.status()).toBe(200)
  expect(points.headers()['content-type']).toContain('application/geo+json')
  const collection = featureCollectionSchema.parse(await points.json())
  const publicPoints = await request.get('/v0/eco/sirets?search[departement]=35', {
    headers: { Authorization: token, Accept: 'application/geo+json' },
  })
  expect(await publicPoints.json()).toEqual(collection)
  expect(collection.features.length).toBeGreaterThan(0)

  const siret = body.etablissements[0]!.siret
  const record = await request.get(`/bff/etablissements/${siret}`)
  expect(record.status()).toBe(200)
  expect(establishmentDetailWireSchema.parse(await record.json()).siret).toBe(siret)
  const missing = await request.get('/bff/etablissements/00000000000000')
  expect(missing.status()).toBe(404)
  expect(missing.headers()['content-type']).toBe(PROBLEM)
})

test('autocompletes communes, zones and NAF activities', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'staff')
  const communes = await request.get('/bff/territoire/communes?q=Saint-%C3%89tienne&limit=3')
  expect(communes.status()).toBe(200)
  const { communes: found } = (await communes.json()) as { communes: Array<{ code: string; nom: string }> }
  expect(found).toHaveLength(3)
  expect(found[0]).toMatchObject({ code: '42218', nom: 'Saint-Étienne' })

  const zones = (await (await request.get('/bff/territoire/zones?q=ille%20et%20vilaine')).json()) as {
    zones: Array<{ id: string; type: string }>
  }
  expect(zones.zones[0]).toMatchObject({ id: zoneId('departement', '35'), type: 'departement' })

  const naf = (await (await request.get('/bff/territoire/naf?q=62.01')).json()) as {
    naf: Array<{ code: string }>
  }
  expect(naf.naf[0]!.code).toBe('62.01Z')

  // Forgiving pickers: abbreviations, common names of trades, a postal code's every commune.
  const get = async <T>(path: string) => {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    return (await response.json()) as T
  }
  type Communes = {
    communes: Array<{ code: string }>
    code_postal: { code: string; communes: Array<{ code: string }> } | null
  }
  expect((await get<Communes>('/bff/territoire/communes?q=St%20Malo')).communes[0]?.code).toBe('35288')
  expect((await get<Communes>('/bff/territoire/communes?q=ste-maxime')).communes[0]?.code).toBe('83115')
  expect((await get<Communes>('/bff/territoire/communes?q=rennes')).code_postal).toBeNull()
  const paris1 = await get<Communes>('/bff/territoire/communes?q=75001')
  expect(paris1.communes[0]?.code).toBe('75101')
  expect(paris1.code_postal).toEqual({
    code: '75001',
    communes: [expect.objectContaining({ code: '75101' })],
  })
  const ain = await get<Communes>('/bff/territoire/communes?q=01400')
  expect(ain.code_postal?.communes.length).toBeGreaterThan(5)
  const restaurant = await get<{ naf: Array<{ code: string }> }>('/bff/territoire/naf?q=restaurant')
  expect(restaurant.naf[0]?.code).toBe('56.10A')
})

test('lists every invalid parameter in a 400 problem body', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'staff')
  const search = await request.get(
    '/bff/etablissements?search[code_commune]=abc&search[couleur]=bleu&size=500',
  )
  expect(search.status()).toBe(400)
  expect(search.headers()['content-type']).toBe(PROBLEM)
  const problem = problemSchema.parse(await search.json())
  const paths = (problem.errors ?? []).map((e) => e.path).sort()
  expect(paths).toEqual(['search', 'search.code_commune', 'size'])

  const pointsPaged = await request.get('/bff/etablissements/points?page=2')
  expect(pointsPaged.status()).toBe(400)
  expect(problemSchema.parse(await pointsPaged.json()).errors?.[0]?.path).toBe('page')

  const beyondCap = await request.get('/bff/etablissements?page=101&size=100')
  expect(beyondCap.status()).toBe(400)

  const badSiret = await request.get('/bff/etablissements/123')
  expect(badSiret.status()).toBe(400)
  expect(problemSchema.parse(await badSiret.json()).errors?.[0]?.path).toBe('siret')

  for (const route of [
    '/bff/territoire/communes',
    '/bff/territoire/zones?q=',
    '/bff/territoire/naf?q=x&limit=0',
  ]) {
    const response = await request.get(route)
    expect(response.status(), route).toBe(400)
    expect(problemSchema.parse(await response.json()).errors?.length).toBeGreaterThan(0)
  }
})
